import { and, desc, lt } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { csvLine } from '@/lib/csv';
import { getDb } from '@/lib/db/client';
import { orders, type Order } from '@/lib/db/schema';
import { tooManyRequests } from '@/lib/errors';
import { centsAsDecimal } from '@/lib/money';
import { orderFilterConditions } from '@/lib/orders/filters';
import type { OrderFilter } from '@/lib/validation/orders';

const CSV_HEADER = [
  'order',
  'placed_at',
  'status',
  'customer',
  'email',
  'product',
  'unit_price_usd',
  'quantity',
  'total_usd',
  'paid_at',
  'transaction_id',
  'address',
  'phone',
];

const statusOf = (order: Order) => (order.shipped ? 'shipped' : order.paid ? 'paid' : 'unpaid');

const csvRecord = (order: Order) =>
  csvLine([
    order.number,
    order.createdAt.toISOString(),
    statusOf(order),
    order.userName,
    order.email,
    order.productName,
    centsAsDecimal(order.unitPriceCents),
    order.quantity,
    centsAsDecimal(order.totalCents),
    order.paidAt?.toISOString(),
    order.transactionId,
    order.address,
    order.phone,
  ]);

/**
 * Orders are read this many at a time, newest number first, each batch after the last one's number (unique and
 * indexed; timestamps would lose their microseconds in JavaScript): memory stays flat.
 */
const BATCH = 1000;

/**
 * Exports one instance runs at once. Each reads one batch at a time (so it holds at most one pool connection, and
 * only for that query) and formats between batches; ten at once took the whole pool and the core from everyone else.
 */
export const MAX_RUNNING_EXPORTS = 2;
export const EXPORTS_BUSY = 'Other exports are running. Try again in a minute.';
/** A download nobody reads from (a client gone quiet, a HEAD request) gives its place back after this long. */
const IDLE_EXPORT_MS = 60_000;

let running = 0;

/** A place among the running exports, given back once (end, error, cancel or idle). */
function takeExportPlace() {
  if (running >= MAX_RUNNING_EXPORTS) throw tooManyRequests(EXPORTS_BUSY, 60);
  running += 1;
  let held = true;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    clearTimeout(idle);
    if (held) running -= 1;
    held = false;
  };
  const touch = () => {
    clearTimeout(idle);
    if (held) idle = setTimeout(release, IDLE_EXPORT_MS).unref();
  };
  touch();
  return { release, touch };
}

/** Lets requests waiting on I/O run before the next batch is formatted. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * All Orders as CSV (admin), filtered like the list, streamed batch by batch so that 100,000 orders take the
 * memory of 1,000. At most MAX_RUNNING_EXPORTS run at once on an instance; a further one is refused, 429.
 */
export async function exportOrdersCsv(
  actor: Actor | null,
  filter: OrderFilter,
): Promise<ReadableStream<Uint8Array>> {
  const admin = requireAdmin(actor);
  const conditions = orderFilterConditions(filter);
  const place = takeExportPlace();
  // Every customer's orders leave the shop: the log says who took them, when and with which filters, before the
  // first byte goes out.
  try {
    await recordAudit(getDb(), {
      actor: admin,
      action: 'order.export',
      target: 'orders',
      after: { ...filter },
    });
  } catch (error) {
    place.release();
    throw error;
  }
  const encoder = new TextEncoder();
  let after: number | undefined;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      place.touch();
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
        return;
      }
      try {
        await yieldToOthers();
        const keyset = after === undefined ? undefined : lt(orders.number, after);
        const batch = await getDb()
          .select()
          .from(orders)
          .where(and(...conditions, keyset))
          .orderBy(desc(orders.number))
          .limit(BATCH);
        if (batch.length > 0) controller.enqueue(encoder.encode(batch.map(csvRecord).join('')));
        const last = batch.at(-1);
        if (!last || batch.length < BATCH) {
          controller.close();
          place.release();
        } else after = last.number;
      } catch (error) {
        place.release();
        throw error;
      }
    },
    cancel() {
      place.release();
    },
  });
}
