import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { fallbackOrigin } from '@/lib/mail/config';
import { orders, paymentIntents, processedEvents } from '@/lib/db/schema';
import { badRequest, conflict, notFound, paymentFailed, unauthorized } from '@/lib/errors';
import { toCents } from '@/lib/money';
import { getOwnOrder } from '@/lib/orders';
import type { TestCardInput } from '@/lib/validation';
import { getGateway, getStripeGateway } from './index';
import type { PaymentIntentInfo } from './gateway';
import { markPaid, markPaidIn, recordIntent } from './order-payments';
import { testGateway } from './test-gateway';

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
    return {
      acknowledged: true,
      modifiedCount: await markPaid(order.id, transactionId, origin, 'customer'),
    };
  } catch (error) {
    // The unique transaction id: one payment never pays two orders.
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw conflict('This payment was already used for another order');
    }
    throw error;
  }
}

/** The test gateway's card form: charges a Stripe test card number against the caller's intent. */
export async function confirmTestPayment(
  actor: Actor | null,
  input: TestCardInput,
): Promise<{ id: string; status: 'succeeded' }> {
  if (!actor) throw unauthorized();
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

/** Stripe's webhook: `payment_intent.succeeded` marks the order paid; each event id is applied once. */
export async function applyStripeWebhook(
  rawBody: string,
  signature: string | null,
  origin: string = fallbackOrigin(),
): Promise<{ received: true }> {
  if (!getEnv().STRIPE_SECRET_KEY) throw notFound('Stripe is not enabled on this shop');
  const event = getStripeGateway().parseWebhook(rawBody, signature);
  if (event.type !== 'payment_intent.succeeded') return { received: true };
  const intent = event.data.object as Stripe.PaymentIntent;
  await getDb().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedEvents)
      .values({ id: event.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return;
    const orderId = intent.metadata?.orderId;
    if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return;
    await markPaidIn(
      tx,
      orderId,
      intent.id,
      origin,
      'payment_webhook',
      eq(orders.totalCents, intent.amount),
    );
  });
  return { received: true };
}
