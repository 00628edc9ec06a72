import { and, eq, sql } from 'drizzle-orm';
import { requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { orderEvents, orders, paymentIntents, processedEvents } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { badRequest, conflict, notFound, paymentFailed } from '@/lib/errors';
import { fallbackOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { toCents } from '@/lib/money';
import { paymentsRecorded } from '@/lib/observability/metrics';
import { getOwnOrder } from '@/lib/orders/access';
import { recordOrderEvent, type OrderEventActor } from '@/lib/orders/events';
import { getGateway, getStripeGateway } from '@/lib/payments';
import type { PaymentIntentInfo } from '@/lib/payments/gateway';
import { testGateway } from '@/lib/payments/test-gateway';
import type { TestCardInput } from '@/lib/validation/payments';

// How an order gets paid: the card payment it starts at a gateway (lib/payments/), the payment recorded on it, and
// the one function that marks it paid, whoever learns of the payment first (the customer's browser, Stripe's
// webhook, or a cancellation that finds the payment went through).

interface Payment {
  orderId: string;
  /** the gateway's payment id */
  transactionId: string;
  by: OrderEventActor;
  origin: string;
  /** the amount the gateway charged, when the order must still total exactly that */
  amountCents?: number;
}

/**
 * Marks an unpaid order paid by this payment, inside `db` when it is a transaction; answers how many orders changed
 * (0 when it was paid already: the receipt goes out once).
 */
export async function markPaid(payment: Payment, db?: Database): Promise<number> {
  if (!db) return getDb().transaction((tx) => markPaid(payment, tx));
  const updated = await db
    .update(orders)
    .set({ paid: true, transactionId: payment.transactionId, paidAt: sql`now()` })
    .where(
      and(
        eq(orders.id, payment.orderId),
        eq(orders.paid, false),
        payment.amountCents === undefined ? undefined : eq(orders.totalCents, payment.amountCents),
      ),
    )
    .returning();
  for (const order of updated) {
    await queueOrderMail(db, 'payment_received', order, payment.origin, {
      transactionId: payment.transactionId,
    });
    await recordOrderEvent(db, {
      orderId: order.id,
      kind: 'paid',
      actor: payment.by,
      reference: payment.transactionId,
    });
    paymentsRecorded.inc({ outcome: 'paid' });
  }
  return updated.length;
}

/**
 * Starts a card payment for the caller's own unpaid order. The amount is the order's total from the database; a
 * client that sends a different `price` is refused rather than silently corrected.
 */
export async function createPaymentIntent(
  actor: Actor | null,
  input: { orderId: string; price?: number },
  db: Database = getDb(),
): Promise<{ clientSecret: string; amount: number; currency: 'usd' }> {
  const order = await getOwnOrder(actor, input.orderId, db);
  if (order.paid) throw conflict('This order is already paid');
  if (input.price !== undefined && toCents(input.price) !== order.totalCents) {
    throw badRequest('The price does not match this order', {
      price: 'The price does not match this order',
    });
  }
  const intent = await getGateway().createIntent(
    { id: order.id, totalCents: order.totalCents },
    db,
  );
  await recordIntent(intent, order, db);
  return { clientSecret: intent.clientSecret, amount: order.totalCents, currency: 'usd' };
}

/** Ties an intent to its order (the test gateway has stored it already; Stripe's are stored here). */
async function recordIntent(
  intent: { id: string; clientSecret: string },
  order: { id: string; totalCents: number },
  db: Database,
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

function assertPaysFor(
  payment: PaymentIntentInfo | null,
  order: { id: string; totalCents: number },
): void {
  if (!payment) throw badRequest('Unknown transaction', { transactionId: 'Unknown transaction' });
  if (
    payment.orderId !== order.id ||
    payment.amount !== order.totalCents ||
    payment.currency !== 'usd'
  ) {
    throw badRequest('This payment is not for this order', {
      transactionId: 'This payment is not for this order',
    });
  }
  if (payment.status !== 'succeeded') throw paymentFailed('The payment has not succeeded');
}

/**
 * Records a card payment on the caller's order, only once the gateway confirms that this very payment succeeded
 * for this order's amount. Recording the same payment again is harmless.
 */
export async function recordPayment(
  actor: Actor | null,
  orderId: string,
  transactionId: string,
  origin: string = fallbackOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const order = await getOwnOrder(actor, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return { acknowledged: true, modifiedCount: 0 };
    throw conflict('This order is already paid');
  }
  assertPaysFor(await getGateway().retrieve(transactionId), order);
  try {
    const modifiedCount = await markPaid({
      orderId: order.id,
      transactionId,
      by: 'customer',
      origin,
    });
    return { acknowledged: true, modifiedCount };
  } catch (error) {
    // The unique transaction id: one payment never pays two orders.
    if (isUniqueViolation(error)) throw conflict('This payment was already used for another order');
    throw error;
  }
}

/** The test gateway's card form: charges a Stripe test card number against the caller's intent. */
export async function confirmTestPayment(
  actor: Actor | null,
  input: TestCardInput,
): Promise<{ id: string; status: 'succeeded' }> {
  requireSignedIn(actor);
  if (getGateway().name !== 'test') throw notFound('The test gateway is not enabled');
  const [intent] = await getDb()
    .select({ orderId: paymentIntents.orderId })
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, input.clientSecret));
  if (!intent) throw notFound('This payment session does not exist');
  const order = await getOwnOrder(actor, intent.orderId);
  if (order.paid) throw conflict('This order is already paid');
  const confirmed = await testGateway.confirm(input.clientSecret, input);
  return { id: confirmed.id, status: 'succeeded' };
}

/** Stripe's webhook: a succeeded payment marks its order paid; each event id is applied once. */
export async function applyStripeWebhook(
  rawBody: string,
  signature: string | null,
  origin: string = fallbackOrigin(),
): Promise<{ received: true }> {
  if (!getEnv().STRIPE_SECRET_KEY) throw notFound('Stripe is not enabled on this shop');
  const event = getStripeGateway().parseWebhook(rawBody, signature);
  const payment = event.succeeded;
  if (!payment) return { received: true };
  await getDb().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedEvents)
      .values({ id: event.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return;
    const orderId = payment.orderId;
    if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return;
    await markPaid(
      {
        orderId,
        transactionId: payment.id,
        by: 'payment_webhook',
        origin,
        amountCents: payment.amount,
      },
      tx,
    );
  });
  return { received: true };
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
  await markPaid({ orderId, transactionId: succeeded.id, by: 'shop', origin });
  return true;
}
