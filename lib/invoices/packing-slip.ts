import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { renderPackingSlipPdf } from '@/lib/documents/packing-slip-pdf';
import { notFound } from '@/lib/errors';
import { formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import { idSchema } from '@/lib/validation/fields';

/** All Orders → Packing slip (admin): the order, or its whole checkout, as the warehouse packs it. */
export async function packingSlipPdf(
  actor: Actor | null,
  orderId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  requireAdmin(actor);
  if (!idSchema.safeParse(orderId).success) throw notFound('Order not found');
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const lines = order.checkoutId
    ? await db
        .select()
        .from(orders)
        .where(eq(orders.checkoutId, order.checkoutId))
        .orderBy(orders.number)
    : [order];
  const reference = order.checkoutId
    ? `Checkout ${formatCheckoutNumber(order.checkoutNumber ?? 0)}`
    : `Order ${formatOrderNumber(order.number)}`;
  const pdf = await renderPackingSlipPdf({
    reference,
    placedOn: order.createdAt.toISOString().slice(0, 10),
    poNumber: order.poNumber,
    shipTo: { name: order.userName, address: order.address, phone: order.phone },
    lines: lines.map((line) => ({
      orderNumber: line.number,
      sku: line.sku,
      product: line.productName,
      quantity: line.quantity,
    })),
  });
  return { filename: `packing-slip-${reference.split(' ')[1]}.pdf`, pdf };
}
