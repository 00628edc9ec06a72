import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { orderEvents, type OrderEvent } from '@/lib/db/schema';

export type OrderEventKind = OrderEvent['kind'];
export type OrderEventActor = OrderEvent['actor'];

/** Writes one entry of an order's history; pass the transaction of the change it records. */
export async function recordOrderEvent(
  db: Pick<Database, 'insert'>,
  event: {
    orderId: string;
    kind: OrderEventKind;
    actor: OrderEventActor;
    reference?: string | null;
  },
): Promise<void> {
  await db.insert(orderEvents).values(event);
}

/** An order's history, oldest first. */
export async function readOrderEvents(
  db: Pick<Database, 'select'>,
  orderId: string,
): Promise<OrderEvent[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
