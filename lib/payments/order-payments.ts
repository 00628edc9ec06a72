import { and, eq } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { orders, paymentIntents } from '@/lib/db/schema';
import { getGateway } from './index';

/** Marks an unpaid order paid by this payment; answers how many orders changed (0 when it was paid already). */
export async function markPaid(orderId: string, transactionId: string): Promise<number> {
  const updated = await getDb()
    .update(orders)
    .set({ paid: true, transactionId })
    .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
    .returning({ id: orders.id });
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
}

/**
 * Before an unpaid order is cancelled: stops every payment started for it, so that none can succeed once the
 * order is gone, and records one that has already succeeded. Answers whether the order turned out to be paid.
 */
export async function settlePaymentsBeforeCancel(orderId: string): Promise<boolean> {
  const intents = await getDb()
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.orderId, orderId));
  if (intents.length === 0) return false;
  const succeeded = await getGateway().cancel(intents.map((intent) => intent.id));
  if (!succeeded) return false;
  await markPaid(orderId, succeeded.id);
  return true;
}
