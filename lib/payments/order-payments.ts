import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { orderEvents, orders, paymentIntents } from '@/lib/db/schema';
import { paymentsRecorded } from '@/lib/observability/metrics';
import { getGateway } from './index';
import { recordOrderEvent, type OrderEventActor } from '@/lib/order-events';

/** Marks an unpaid order paid by this payment; answers how many orders changed (0 when it was paid already). */
export async function markPaid(
  orderId: string,
  transactionId: string,
  origin: string,
  by: OrderEventActor,
): Promise<number> {
  return getDb().transaction((tx) => markPaidIn(tx, orderId, transactionId, origin, by));
}

/** markPaid inside the caller's transaction, with an optional further condition on the order. */
export async function markPaidIn(
  tx: Pick<Database, 'update' | 'insert'>,
  orderId: string,
  transactionId: string,
  origin: string,
  by: OrderEventActor,
  condition?: SQL,
): Promise<number> {
  const updated = await tx
    .update(orders)
    .set({ paid: true, transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false), condition))
    .returning();
  // The receipt goes out once: an order already paid changes nothing.
  for (const order of updated) {
    await queueOrderMail(tx, 'payment_received', order, origin, { transactionId });
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'paid',
      actor: by,
      reference: transactionId,
    });
    paymentsRecorded.inc({ outcome: 'paid' });
  }
  return updated.length;
}

/** Ties an intent to its order (the test gateway has stored it already; Stripe's are stored here). */
export async function recordIntent(
  intent: { id: string; clientSecret: string },
  order: { id: string; totalCents: number },
  db: Database = getDb(),
): Promise<void> {
  await db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      clientSecret: intent.clientSecret,
      orderId: order.id,
      amountCents: order.totalCents,
    })
    .onConflictDoNothing();
  // The same intent answers a payment page opened again: its start is in the history once.
  await db.execute(sql`
    INSERT INTO ${orderEvents} (order_id, kind, actor, reference)
    SELECT ${order.id}, 'payment_started', 'customer', ${intent.id}
    WHERE NOT EXISTS (
      SELECT 1 FROM ${orderEvents}
      WHERE order_id = ${order.id} AND kind = 'payment_started' AND reference = ${intent.id}
    )`);
}

/**
 * Before an unpaid order is cancelled: stops every payment started for it, so that none can succeed once the
 * order is gone, and records one that has already succeeded. Answers whether the order turned out to be paid.
 */
export async function settlePaymentsBeforeCancel(
  orderId: string,
  origin: string,
): Promise<boolean> {
  const intents = await getDb()
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.orderId, orderId));
  if (intents.length === 0) return false;
  const succeeded = await getGateway().cancel(intents.map((intent) => intent.id));
  if (!succeeded) return false;
  await markPaid(orderId, succeeded.id, origin, 'shop');
  return true;
}
