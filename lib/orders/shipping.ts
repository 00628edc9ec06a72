import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { conflict } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { findOrderFor } from '@/lib/orders/access';
import { queueShipmentMail, writeShipment } from '@/lib/orders/shipments';

/**
 * All Orders' Pending → Shipped (docs/PRODUCT.md, The dashboard): ships the whole line as one shipment (admin), and
 * the buyer gets the shipment's mail. Refused while pieces of it are back-ordered, since they are not in the
 * warehouse to ship, and while the order is neither paid nor on terms.
 */
export async function markShipped(
  actor: Actor | null,
  id: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  const order = await findOrderFor(actor, id);
  if (order.backOrdered > 0)
    throw conflict(
      `${order.backOrdered} of ${order.quantity} pieces are back-ordered: the order can ship once they are in stock`,
    );
  // Marking an order shipped twice ships and mails once.
  const left = order.quantity - order.shippedQuantity;
  if (left === 0) return { acknowledged: true, modifiedCount: 0 };
  await getDb().transaction(async (tx) => {
    const parcel = {
      checkout: { id: order.checkoutId, number: order.checkoutNumber },
      lines: [{ orderId: order.id, quantity: left }],
      carrier: null,
      trackingNumber: null,
    };
    const { shipment, lines } = await writeShipment(tx, parcel);
    await queueShipmentMail(tx, shipment, parcel, lines, origin);
    await recordAudit(tx, {
      actor: admin,
      action: 'order.ship',
      target: `order #${order.number}`,
      before: { shipped: false },
      after: { shipped: true },
    });
  });
  return { acknowledged: true, modifiedCount: 1 };
}
