import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { preparedPerDatabase } from '@/lib/db/prepared-statements';
import { orders, shipmentLines, shipments, type Order } from '@/lib/db/schema';
import { badRequest, conflict } from '@/lib/errors';
import { formatCheckoutNumber, formatOrderNumber, formatShipmentNumber } from '@/lib/format';
import { invoiceOf } from '@/lib/invoices/issue';
import { allocateShipmentNumber } from '@/lib/invoices/numbers';
import { enqueueMail } from '@/lib/mail/outbox';
import { findCheckoutFor } from '@/lib/orders/access';
import { recordOrderEvent } from '@/lib/orders/events';
import type { ShipmentInput } from '@/lib/validation/shipments';

export interface ShipmentDto {
  number: string;
  lines: { orderId: string; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string;
}

interface Parcel {
  checkout: { id: string; number: number };
  lines: readonly { orderId: string; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
}

/** What the line may still ship: its reserved pieces (quantity less back-ordered) less those already shipped. */
const shippable = (line: Order) => line.quantity - line.backOrdered - line.shippedQuantity;

function refusal(line: Order, wanted: number, shipsUnpaid: boolean): string {
  const name = `Line ${formatOrderNumber(line.number)} (${line.sku})`;
  if (!line.paid && !shipsUnpaid) return `${name} is not paid yet`;
  const left = shippable(line);
  const parts = [
    line.backOrdered > 0 ? `${line.backOrdered} back-ordered` : '',
    line.shippedQuantity > 0 ? `${line.shippedQuantity} already shipped` : '',
  ].filter(Boolean);
  return `${name}: ${wanted} pieces can not ship, only ${left} can${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * Ships a parcel in the caller's transaction: one conditional UPDATE per line takes the pieces only while they are
 * reserved and unshipped (so concurrent shipments of one order never ship more than reserved), then the number, the
 * shipment's rows and the order events. A refused line is a 409 naming it, and nothing is written. Answers the
 * shipment and the order's lines as they are now (for the buyer's mail).
 */
export async function writeShipment(tx: Database, parcel: Parcel) {
  // An order on net terms ships before it is paid: its invoice, issued at placement, is what the buyer owes.
  const shipsUnpaid = (await invoiceOf(tx, parcel.checkout.id))?.method === 'invoice';
  // One lock order for every shipment: two parcels of one order never wait on each other in a circle.
  const wanted = [...parcel.lines].sort((a, b) => a.orderId.localeCompare(b.orderId));
  for (const line of wanted) {
    const [updated] = await tx
      .update(orders)
      .set({ shippedQuantity: sql`${orders.shippedQuantity} + ${line.quantity}` })
      .where(
        and(
          eq(orders.id, line.orderId),
          eq(orders.checkoutId, parcel.checkout.id),
          shipsUnpaid ? undefined : eq(orders.paid, true),
          sql`${orders.shippedQuantity} + ${line.quantity} <= ${orders.quantity} - ${orders.backOrdered}`,
        ),
      )
      .returning({ id: orders.id });
    if (!updated) {
      const [current] = await tx.select().from(orders).where(eq(orders.id, line.orderId));
      throw conflict(refusal(current!, line.quantity, shipsUnpaid));
    }
  }
  const number = await allocateShipmentNumber(tx);
  const [shipment] = await tx
    .insert(shipments)
    .values({
      number,
      checkoutId: parcel.checkout.id,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingNumber,
    })
    .returning();
  await tx
    .insert(shipmentLines)
    .values(wanted.map((line) => ({ shipmentId: shipment!.id, ...line })));
  const lines = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, parcel.checkout.id))
    .orderBy(asc(orders.number));
  for (const line of wanted)
    await recordOrderEvent(tx, { orderId: line.orderId, kind: 'shipped', actor: 'admin' });
  return { shipment: toShipmentDto(shipment!, wanted), lines };
}

/** The buyer's mail of one shipment: what it holds, what is still to come, and the tracking number. */
export async function queueShipmentMail(
  tx: Database,
  shipment: ShipmentDto,
  parcel: Parcel,
  lines: readonly Order[],
  origin: string,
) {
  const first = lines[0]!;
  const quantities = new Map(shipment.lines.map((line) => [line.orderId, line.quantity]));
  const piece = (line: Order, quantity: number) => ({
    number: line.number,
    product: line.productName,
    sku: line.sku,
    quantity,
  });
  await enqueueMail(tx, 'shipment_sent', first.email, {
    shipmentNumber: shipment.number,
    reference: `order ${formatCheckoutNumber(parcel.checkout.number)}`,
    name: first.userName,
    carrier: parcel.carrier,
    trackingNumber: parcel.trackingNumber,
    shipped: lines.flatMap((line) =>
      quantities.has(line.id) ? [piece(line, quantities.get(line.id)!)] : [],
    ),
    toCome: lines.flatMap((line) =>
      line.quantity > line.shippedQuantity
        ? [piece(line, line.quantity - line.shippedQuantity)]
        : [],
    ),
    link: `${origin}/dashboard/myorder`,
  });
}

export function toShipmentDto(
  shipment: typeof shipments.$inferSelect,
  lines: readonly { orderId: string; quantity: number }[],
): ShipmentDto {
  return {
    number: formatShipmentNumber(shipment.number),
    lines: lines.map(({ orderId, quantity }) => ({ orderId, quantity })),
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    shippedAt: shipment.shippedAt.toISOString(),
  };
}

/** An admin ships some or all of an order's reserved pieces: 201 with the shipment, or 409 naming the line. */
export async function createShipment(
  actor: Actor | null,
  checkoutId: string,
  input: ShipmentInput,
  origin: string,
): Promise<ShipmentDto> {
  const admin = requireAdmin(actor);
  const { checkout, orders: lines } = await findCheckoutFor(admin, checkoutId);
  const ids = new Set(lines.map((line) => line.id));
  input.lines.forEach((line, index) => {
    if (!ids.has(line.orderId))
      throw badRequest('This line is not part of the order', {
        [`lines.${index}.orderId`]: 'This line is not part of the order',
      });
  });
  return getDb().transaction(async (tx) => {
    const parcel = {
      checkout,
      lines: input.lines,
      carrier: input.carrier || null,
      trackingNumber: input.trackingNumber || null,
    };
    const { shipment, lines: now } = await writeShipment(tx, parcel);
    await queueShipmentMail(tx, shipment, parcel, now, origin);
    await recordAudit(tx, {
      actor: admin,
      action: 'order.shipment',
      target: `order ${formatCheckoutNumber(checkout.number)}`,
      after: { ...shipment },
    });
    return shipment;
  });
}

/** Shipments joined with their lines, oldest first, of the orders `which` selects. */
const shipmentRows = (db: Database, which: SQL) =>
  db
    .select({ shipment: shipments, line: shipmentLines })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(which)
    .orderBy(asc(shipments.number));

type ShipmentRow = Awaited<ReturnType<typeof shipmentRows>>[number];

/** The rows' shipments with their lines, by order id. */
function byOrderOf(rows: readonly ShipmentRow[]): Map<string, ShipmentDto[]> {
  const byId = new Map<
    string,
    { shipment: typeof shipments.$inferSelect; lines: ShipmentDto['lines'] }
  >();
  for (const { shipment, line } of rows) {
    const entry = byId.get(shipment.id) ?? { shipment, lines: [] };
    entry.lines.push({ orderId: line.orderId, quantity: line.quantity });
    byId.set(shipment.id, entry);
  }
  const byOrder = new Map<string, ShipmentDto[]>();
  for (const { shipment, lines } of byId.values()) {
    // Never null here: the query asked for these orders' shipments.
    const checkoutId = shipment.checkoutId!;
    byOrder.set(checkoutId, [...(byOrder.get(checkoutId) ?? []), toShipmentDto(shipment, lines)]);
  }
  return byOrder;
}

/** Every shipment of these orders with its lines, oldest first, by order id; one query for any number of orders. */
export async function shipmentsOfDocuments(
  checkoutIds: readonly string[],
  db: Database = getDb(),
): Promise<Map<string, ShipmentDto[]>> {
  if (checkoutIds.length === 0) return new Map();
  return byOrderOf(await shipmentRows(db, inArray(shipments.checkoutId, [...checkoutIds])));
}

// Prepared: every checkout read has it (a buyer's payment page reads the checkout again while it waits).
const orderShipmentsStatement = preparedPerDatabase('order_shipments', (db: Database, name) =>
  shipmentRows(db, eq(shipments.checkoutId, sql.placeholder('checkoutId'))).prepare(name),
);

/** Every shipment of an order with its lines, oldest first. */
export async function shipmentsOf(
  checkoutId: string,
  db: Database = getDb(),
): Promise<ShipmentDto[]> {
  const rows = await orderShipmentsStatement(db).execute({ checkoutId });
  return byOrderOf(rows).get(checkoutId) ?? [];
}
