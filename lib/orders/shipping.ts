import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { findOrderFor } from '@/lib/orders/access';
import { recordOrderEvent } from '@/lib/orders/events';

/** Marks a paid order shipped (admin); the customer is mailed once. */
export async function markShipped(
  actor: Actor | null,
  id: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  const order = await findOrderFor(actor, id);
  if (!order.paid) throw conflict('Only a paid order can be shipped');
  const modifiedCount = await getDb().transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ shipped: true })
      .where(and(eq(orders.id, order.id), eq(orders.paid, true), eq(orders.shipped, false)))
      .returning();
    // Marking an order shipped twice mails once.
    for (const shipped of updated) {
      await queueOrderMail(tx, 'order_shipped', shipped, origin, {});
      await recordOrderEvent(tx, { orderId: shipped.id, kind: 'shipped', actor: 'admin' });
      await recordAudit(tx, {
        actor: admin,
        action: 'order.ship',
        target: `order #${shipped.number}`,
        before: { shipped: false },
        after: { shipped: true },
      });
    }
    return updated.length;
  });
  return { acknowledged: true, modifiedCount };
}
