import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { checkouts, orders, shipmentLines, shipments, type Order } from '@/lib/db/schema';
import { renderPackingSlipPdf } from '@/lib/documents/packing-slip-pdf';
import { notFound } from '@/lib/errors';
import { formatCheckoutNumber, formatShipmentNumber } from '@/lib/format';
import { idSchema } from '@/lib/validation/fields';

/** All Orders → Packing slip (admin): the whole order a line belongs to, as the warehouse packs it. */
export async function packingSlipPdf(
  actor: Actor | null,
  orderId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  requireAdmin(actor);
  if (!idSchema.safeParse(orderId).success) throw notFound('Order not found');
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const lines = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, order.checkoutId))
    .orderBy(orders.number);
  const reference = `Order ${formatCheckoutNumber(order.checkoutNumber)}`;
  const pdf = await renderPackingSlipPdf({
    ...(await slipHead(db, order)),
    reference,
    lines: lines.map((line) => slipLine(line, line.quantity)),
  });
  return { filename: `packing-slip-${reference.split(' ')[1]}.pdf`, pdf };
}

/** What every slip of an order prints above its lines: when, the PO, the day the buyer asked for, where to. */
async function slipHead(db: Database, order: Order) {
  const [head] = await db
    .select({ requestedDeliveryOn: checkouts.requestedDeliveryOn })
    .from(checkouts)
    .where(eq(checkouts.id, order.checkoutId));
  return {
    placedOn: order.createdAt.toISOString().slice(0, 10),
    poNumber: order.poNumber,
    requestedDeliveryOn: head?.requestedDeliveryOn ?? null,
    shipTo: { name: order.userName, address: order.address, phone: order.phone },
  };
}

const slipLine = (line: Order, quantity: number) => ({
  orderNumber: line.number,
  sku: line.sku,
  product: line.productName,
  quantity,
});

/** One shipment's packing slip (admin): only the pieces in that parcel, and how it travels. */
export async function shipmentPackingSlipPdf(
  actor: Actor | null,
  checkoutId: string,
  shipmentNumber: string,
): Promise<{ filename: string; pdf: Buffer }> {
  requireAdmin(actor);
  const number = /^S-(\d{1,9})$/.exec(shipmentNumber)?.[1];
  if (!idSchema.safeParse(checkoutId).success || !number) throw notFound('Shipment not found');
  const db = getDb();
  const rows = await db
    .select({ shipment: shipments, quantity: shipmentLines.quantity, line: orders })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
    .where(and(eq(shipments.number, Number(number)), eq(shipments.checkoutId, checkoutId)))
    .orderBy(asc(orders.number));
  const [first] = rows;
  if (!first) throw notFound('Shipment not found');
  const { shipment, line } = first;
  const reference = `Shipment ${formatShipmentNumber(shipment.number)}`;
  const pdf = await renderPackingSlipPdf({
    ...(await slipHead(db, line)),
    reference: `${reference} of order ${formatCheckoutNumber(line.checkoutNumber)}`,
    tracking: [shipment.carrier, shipment.trackingNumber].filter(Boolean).join(' ') || null,
    lines: rows.map((row) => slipLine(row.line, row.quantity)),
  });
  return { filename: `packing-slip-${formatShipmentNumber(shipment.number)}.pdf`, pdf };
}
