import { and, eq, isNull, sql } from 'drizzle-orm';
import { requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import {
  checkouts,
  orderEvents,
  orders,
  paymentIntents,
  processedEvents,
  type Order,
} from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { invoicePayment } from '@/lib/invoices/issue';
import { badRequest, conflict, notFound, paymentFailed } from '@/lib/errors';
import { formatCheckoutNumber } from '@/lib/format';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { toCents } from '@/lib/money';
import { paymentsRecorded } from '@/lib/observability/metrics';
import { getOwnCheckout, getOwnOrder } from '@/lib/orders/access';
import { recordOrderEvent, type OrderEventActor } from '@/lib/orders/events';
import { getGateway, getStripeGateway } from '@/lib/payments';
import type { Payable, PaymentIntentInfo } from '@/lib/payments/gateway';
import { testGateway } from '@/lib/payments/test-gateway';
import type { TestCardInput } from '@/lib/validation/payments';

// How an order gets paid: the card payment it starts at a gateway (lib/payments/), the payment recorded on it, and
// the one function that marks it paid, whoever learns of the payment first (the customer's browser, Stripe's
// webhook, or a cancellation that finds the payment went through). A checkout's orders are paid together: one
// intent for the checkout's total, and its success marks every one of them paid with the same transaction id.

/** What a payment pays for: one order placed alone, or every order of a checkout. */
export type Payee = { orderId: string } | { checkoutId: string };

type Payment = Payee & {
  /** the gateway's payment id */
  transactionId: string;
  by: OrderEventActor;
  origin: string;
  /** the amount the gateway charged, when the order (or checkout) must still total exactly that */
  amountCents?: number;
};

/**
 * Marks an unpaid order, or every order of a checkout, paid by this payment, inside `db` when it is a transaction;
 * answers how many orders changed (0 when it was paid already: the receipt goes out once).
 */
export async function markPaid(payment: Payment, db?: Database): Promise<number> {
  if (!db) return getDb().transaction((tx) => markPaid(payment, tx));
  if ('checkoutId' in payment) return markCheckoutPaid(payment, db);
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
    const invoice = await invoicePayment(db, { orderId: order.id }, payment.transactionId);
    await queueOrderMail(db, 'payment_received', order, payment.origin, {
      transactionId: payment.transactionId,
      invoiceNumber: invoice.number,
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

/** The checkout takes the payment once (its unique transaction id), then each of its orders is marked paid. */
async function markCheckoutPaid(
  payment: Payment & { checkoutId: string },
  db: Database,
): Promise<number> {
  const [checkout] = await db
    .update(checkouts)
    .set({ transactionId: payment.transactionId })
    .where(
      and(
        eq(checkouts.id, payment.checkoutId),
        isNull(checkouts.transactionId),
        payment.amountCents === undefined
          ? undefined
          : eq(checkouts.totalCents, payment.amountCents),
      ),
    )
    .returning();
  if (!checkout) return 0;
  const updated = await db
    .update(orders)
    .set({ paid: true, transactionId: payment.transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.checkoutId, checkout.id), eq(orders.paid, false)))
    .returning();
  await recordEvents(db, updated, 'paid', payment.by, payment.transactionId);
  const invoice = await invoicePayment(db, { checkoutId: checkout.id }, payment.transactionId);
  await queueCheckoutMail(db, 'checkout_paid', checkout, byNumber(updated), payment.origin, {
    transactionId: payment.transactionId,
    invoiceNumber: invoice.number,
  });
  paymentsRecorded.inc({ outcome: 'paid' });
  return updated.length;
}

const byNumber = (lines: Order[]) => [...lines].sort((a, b) => a.number - b.number);

async function recordEvents(
  db: Database,
  lines: readonly Order[],
  kind: 'paid' | 'payment_started',
  by: OrderEventActor,
  reference: string,
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(orderEvents)
    .values(lines.map((order) => ({ orderId: order.id, kind, actor: by, reference })));
}

/** A line of a checkout is paid with its checkout, never alone: the refusal says where to pay. */
function assertPaidAlone(order: Order): void {
  if (order.checkoutId === null) return;
  throw conflict(
    `This order is part of checkout ${formatCheckoutNumber(order.checkoutNumber ?? 0)}: pay the whole checkout on its page, /checkout/${order.checkoutId}`,
  );
}

/**
 * Starts a card payment for the caller's own unpaid order. The amount is the order's total from the database; a
 * client that sends a different `price` is refused rather than silently corrected.
 */
export async function createPaymentIntent(
  actor: Actor | null,
  input: { orderId: string; price?: number } | { checkoutId: string },
  db: Database = getDb(),
): Promise<{ clientSecret: string; amount: number; currency: 'usd' }> {
  if ('checkoutId' in input) return createCheckoutIntent(actor, input.checkoutId, db);
  const order = await getOwnOrder(actor, input.orderId, db);
  if (order.paid) throw conflict('This order is already paid');
  assertPaidAlone(order);
  if (input.price !== undefined && toCents(input.price) !== order.totalCents) {
    throw badRequest('The price does not match this order', {
      price: 'The price does not match this order',
    });
  }
  const intent = await getGateway().createIntent(
    { kind: 'order', id: order.id, totalCents: order.totalCents },
    db,
  );
  await recordIntent(intent, order, db);
  return { clientSecret: intent.clientSecret, amount: order.totalCents, currency: 'usd' };
}

/** One intent for a whole checkout: the sum of its orders, as stored when it was placed. */
async function createCheckoutIntent(
  actor: Actor | null,
  checkoutId: string,
  db: Database,
): Promise<{ clientSecret: string; amount: number; currency: 'usd' }> {
  const { checkout, orders: lines } = await getOwnCheckout(actor, checkoutId, db);
  if (checkout.transactionId) throw conflict('This checkout is already paid');
  const payable: Payable = { kind: 'checkout', id: checkout.id, totalCents: checkout.totalCents };
  const intent = await getGateway().createIntent(payable, db);
  await db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      clientSecret: intent.clientSecret,
      checkoutId: checkout.id,
      amountCents: checkout.totalCents,
    })
    .onConflictDoNothing();
  // Each line's history shows the payment's start once, however often the page is opened.
  const [started] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.kind, 'payment_started'), eq(orderEvents.reference, intent.id)))
    .limit(1);
  if (!started) await recordEvents(db, lines, 'payment_started', 'customer', intent.id);
  return { clientSecret: intent.clientSecret, amount: checkout.totalCents, currency: 'usd' };
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

function assertPaysFor(payment: PaymentIntentInfo | null, payable: Payable): void {
  if (!payment) throw badRequest('Unknown transaction', { transactionId: 'Unknown transaction' });
  const paysFor = payable.kind === 'order' ? payment.orderId : payment.checkoutId;
  if (
    paysFor !== payable.id ||
    payment.amount !== payable.totalCents ||
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
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const order = await getOwnOrder(actor, orderId);
  if (order.paid) {
    if (order.transactionId === transactionId) return { acknowledged: true, modifiedCount: 0 };
    throw conflict('This order is already paid');
  }
  assertPaidAlone(order);
  assertPaysFor(await getGateway().retrieve(transactionId), {
    kind: 'order',
    id: order.id,
    totalCents: order.totalCents,
  });
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

/**
 * Records the card payment of a whole checkout (`PATCH /api/checkout/{id}`): once the gateway confirms this payment
 * succeeded for the checkout's total, every order of it is paid with this transaction id. Recording it again is
 * harmless.
 */
export async function recordCheckoutPayment(
  actor: Actor | null,
  checkoutId: string,
  transactionId: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const { checkout } = await getOwnCheckout(actor, checkoutId);
  if (checkout.transactionId) {
    if (checkout.transactionId === transactionId) return { acknowledged: true, modifiedCount: 0 };
    throw conflict('This checkout is already paid');
  }
  assertPaysFor(await getGateway().retrieve(transactionId), {
    kind: 'checkout',
    id: checkout.id,
    totalCents: checkout.totalCents,
  });
  try {
    const modifiedCount = await markPaid({ checkoutId, transactionId, by: 'customer', origin });
    return { acknowledged: true, modifiedCount };
  } catch (error) {
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
    .select({ orderId: paymentIntents.orderId, checkoutId: paymentIntents.checkoutId })
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, input.clientSecret));
  if (!intent) throw notFound('This payment session does not exist');
  if (intent.checkoutId) {
    const { checkout } = await getOwnCheckout(actor, intent.checkoutId);
    if (checkout.transactionId) throw conflict('This checkout is already paid');
  } else {
    const order = await getOwnOrder(actor, intent.orderId!);
    if (order.paid) throw conflict('This order is already paid');
  }
  const confirmed = await testGateway.confirm(input.clientSecret, input);
  return { id: confirmed.id, status: 'succeeded' };
}

/** Stripe's webhook: a succeeded payment marks its order paid; each event id is applied once. */
export async function applyStripeWebhook(
  rawBody: string,
  signature: string | null,
  origin: string = mailOrigin(),
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
    const payee = payeeOf(payment);
    if (!payee) return;
    await markPaid(
      {
        ...payee,
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

const UUID = /^[0-9a-f-]{36}$/i;

/** What a gateway's payment says it pays for (its metadata), when that names an order or a checkout at all. */
function payeeOf(payment: PaymentIntentInfo): Payee | null {
  if (payment.checkoutId && UUID.test(payment.checkoutId))
    return { checkoutId: payment.checkoutId };
  if (payment.orderId && UUID.test(payment.orderId)) return { orderId: payment.orderId };
  return null;
}

/**
 * Before an unpaid order (or checkout) is cancelled: stops every payment started for it, so that none can succeed
 * once it is gone, and records one that has already succeeded. Answers whether it turned out to be paid.
 */
export async function settlePaymentsBeforeCancel(payee: Payee, origin: string): Promise<boolean> {
  const intents = await getDb()
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      'checkoutId' in payee
        ? eq(paymentIntents.checkoutId, payee.checkoutId)
        : eq(paymentIntents.orderId, payee.orderId),
    );
  if (intents.length === 0) return false;
  const succeeded = await getGateway().cancel(intents.map((intent) => intent.id));
  if (!succeeded) return false;
  await markPaid({ ...payee, transactionId: succeeded.id, by: 'shop', origin });
  return true;
}
