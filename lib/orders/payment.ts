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
import { invoicePayment, lockInvoiceOf } from '@/lib/invoices/issue';
import { badRequest, conflict, notFound, paymentFailed } from '@/lib/errors';
import { formatCheckoutNumber } from '@/lib/format';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { toCents } from '@/lib/money';
import { paymentsRecorded } from '@/lib/observability/metrics';
import { getOwnCheckout, getOwnOrder } from '@/lib/orders/access';
import { dueCents, ledgerOf, recordExcess, recordMovement } from '@/lib/orders/ledger';
import { recordOrderEvent, type OrderEventActor } from '@/lib/orders/events';
import { getGateway, getStripeGateway } from '@/lib/payments';
import type { Payable, PaymentIntentInfo } from '@/lib/payments/gateway';
import { testGateway } from '@/lib/payments/test-gateway';
import type { Payee } from '@/lib/types';
import type { TestCardInput } from '@/lib/validation/payments';

// How an order gets paid: the card payment it starts at a gateway (lib/payments/), the payment recorded on it, and
// the one function that marks it paid, whoever learns of the payment first (the customer's browser, Stripe's
// webhook, or a cancellation that finds the payment went through). A checkout's orders are paid together: one
// intent for the amount the checkout's ledger says is due, and its success marks every one of them paid with the
// same transaction id. Every payment is a row of the ledger (lib/orders/ledger.ts) before anything is marked paid.

type Payment = Payee & {
  /** the gateway's payment id, or the invoice's number when transfers settled it */
  transactionId: string;
  by: OrderEventActor;
  origin: string;
  /**
   * a card payment: the amount the gateway charged, written to the ledger here, and the order is paid only once
   * nothing is due; without it the ledger holds the movement already (the transfer that settled the invoice)
   */
  amountCents?: number;
};

const payeeOfPayment = (payment: Payment): Payee =>
  'checkoutId' in payment ? { checkoutId: payment.checkoutId } : { orderId: payment.orderId };

/**
 * Writes a card payment to the ledger (once per gateway id), with whatever it brought beyond the total as owed back,
 * under the lock of the payee's invoice, which a recorded transfer takes first too. Answers what is still due, or
 * null when the order is gone.
 */
async function recordCard(
  payment: Payment & { amountCents: number },
  db: Database,
): Promise<number | null> {
  const payee = payeeOfPayment(payment);
  await lockInvoiceOf(db, payee);
  const [row] =
    'checkoutId' in payee
      ? await db
          .select({ totalCents: checkouts.totalCents })
          .from(checkouts)
          .where(eq(checkouts.id, payee.checkoutId))
          .for('update')
      : await db
          .select({ totalCents: orders.totalCents })
          .from(orders)
          .where(eq(orders.id, payee.orderId))
          .for('update');
  if (!row) return null;
  const fresh = await recordMovement(db, payee, {
    kind: 'card',
    amountCents: payment.amountCents,
    reference: payment.transactionId,
  });
  if (fresh) await recordExcess(db, payee, row.totalCents, payment.transactionId);
  return dueCents(row.totalCents, await ledgerOf(db, payee));
}

/**
 * Marks an unpaid order, or every order of a checkout, paid once its ledger says nothing is due, inside `db` when it
 * is a transaction; answers how many orders changed (0 when it was paid already: the receipt goes out once).
 */
export async function markPaid(payment: Payment, db?: Database): Promise<number> {
  if (!db) return getDb().transaction((tx) => markPaid(payment, tx));
  if (payment.amountCents !== undefined) {
    const due = await recordCard({ ...payment, amountCents: payment.amountCents }, db);
    if (due === null || due > 0) return 0;
  }
  if ('checkoutId' in payment) return markCheckoutPaid(payment, db);
  const updated = await db
    .update(orders)
    .set({ paid: true, transactionId: payment.transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, payment.orderId), eq(orders.paid, false)))
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
    .where(and(eq(checkouts.id, payment.checkoutId), isNull(checkouts.transactionId)))
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

/** What the ledger says is still due on a payee of this total; nothing due is a 409, never an intent. */
async function amountToCharge(db: Database, payee: Payee, totalCents: number): Promise<number> {
  const due = dueCents(totalCents, await ledgerOf(db, payee));
  if (due === 0) throw conflict('Nothing is due on this order');
  return due;
}

/**
 * Starts a card payment for the caller's own unpaid order. The amount is what its ledger says is due (the total,
 * less any transfer recorded); a client that sends a `price` other than the order's total is refused rather than
 * silently corrected.
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
  const amountCents = await amountToCharge(db, { orderId: order.id }, order.totalCents);
  const intent = await getGateway().createIntent(
    { kind: 'order', id: order.id, totalCents: amountCents },
    db,
  );
  await recordIntent(intent, { id: order.id, amountCents }, db);
  return { clientSecret: intent.clientSecret, amount: amountCents, currency: 'usd' };
}

/** One intent for a whole checkout: what its ledger says is due of the total stored when it was placed. */
async function createCheckoutIntent(
  actor: Actor | null,
  checkoutId: string,
  db: Database,
): Promise<{ clientSecret: string; amount: number; currency: 'usd' }> {
  const { checkout, orders: lines } = await getOwnCheckout(actor, checkoutId, db);
  if (checkout.transactionId) throw conflict('This checkout is already paid');
  const amountCents = await amountToCharge(db, { checkoutId: checkout.id }, checkout.totalCents);
  const payable: Payable = { kind: 'checkout', id: checkout.id, totalCents: amountCents };
  const intent = await getGateway().createIntent(payable, db);
  await db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      clientSecret: intent.clientSecret,
      checkoutId: checkout.id,
      amountCents,
    })
    .onConflictDoNothing();
  // Each line's history shows the payment's start once, however often the page is opened.
  const [started] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.kind, 'payment_started'), eq(orderEvents.reference, intent.id)))
    .limit(1);
  if (!started) await recordEvents(db, lines, 'payment_started', 'customer', intent.id);
  return { clientSecret: intent.clientSecret, amount: amountCents, currency: 'usd' };
}

/** Ties an intent to its order (the test gateway has stored it already; Stripe's are stored here). */
async function recordIntent(
  intent: { id: string; clientSecret: string },
  order: { id: string; amountCents: number },
  db: Database,
): Promise<void> {
  await db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      clientSecret: intent.clientSecret,
      orderId: order.id,
      amountCents: order.amountCents,
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

/** The payment is for this payable, within its total (an intent is made for what is due, never more). */
function assertPaysFor(
  payment: PaymentIntentInfo | null,
  payable: Payable,
): asserts payment is PaymentIntentInfo {
  if (!payment) throw badRequest('Unknown transaction', { transactionId: 'Unknown transaction' });
  const paysFor = payable.kind === 'order' ? payment.orderId : payment.checkoutId;
  if (
    paysFor !== payable.id ||
    payment.amount <= 0 ||
    payment.amount > payable.totalCents ||
    payment.currency !== 'usd'
  ) {
    throw badRequest('This payment is not for this order', {
      transactionId: 'This payment is not for this order',
    });
  }
  if (payment.status !== 'succeeded') throw paymentFailed('The payment has not succeeded');
}

/**
 * A card that succeeded after transfers had settled the order is still money received: the ledger records it and,
 * beyond the total, owes it back. Anything the gateway does not confirm for this payee is left alone.
 */
async function recordLateCard(
  payee: Payee,
  totalCents: number,
  transactionId: string,
  origin: string,
): Promise<void> {
  const payment = await getGateway().retrieve(transactionId);
  const paysFor = payment && ('checkoutId' in payee ? payment.checkoutId : payment.orderId);
  const id = 'checkoutId' in payee ? payee.checkoutId : payee.orderId;
  if (!payment || payment.status !== 'succeeded' || paysFor !== id) return;
  if (payment.amount <= 0 || payment.amount > totalCents || payment.currency !== 'usd') return;
  await markPaid({ ...payee, transactionId, by: 'customer', origin, amountCents: payment.amount });
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
    await recordLateCard({ orderId: order.id }, order.totalCents, transactionId, origin);
    throw conflict('This order is already paid');
  }
  assertPaidAlone(order);
  const payment = await getGateway().retrieve(transactionId);
  assertPaysFor(payment, { kind: 'order', id: order.id, totalCents: order.totalCents });
  try {
    const modifiedCount = await markPaid({
      orderId: order.id,
      transactionId,
      by: 'customer',
      origin,
      amountCents: payment.amount,
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
    await recordLateCard({ checkoutId }, checkout.totalCents, transactionId, origin);
    throw conflict('This checkout is already paid');
  }
  const payment = await getGateway().retrieve(transactionId);
  assertPaysFor(payment, { kind: 'checkout', id: checkout.id, totalCents: checkout.totalCents });
  try {
    const modifiedCount = await markPaid({
      checkoutId,
      transactionId,
      by: 'customer',
      origin,
      amountCents: payment.amount,
    });
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
  await markPaid({
    ...payee,
    transactionId: succeeded.id,
    by: 'shop',
    origin,
    amountCents: succeeded.amount,
  });
  return true;
}
