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
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { toCents } from '@/lib/money';
import { paymentsRecorded } from '@/lib/observability/metrics';
import { getOwnCheckout, getOwnOrder } from '@/lib/orders/access';
import { dueCents, ledgerOf, recordExcess, recordMovement } from '@/lib/orders/ledger';
import type { OrderEventActor } from '@/lib/orders/events';
import { getGateway, getStripeGateway } from '@/lib/payments';
import type { PaymentIntentInfo } from '@/lib/payments/gateway';
import { testGateway } from '@/lib/payments/test-gateway';
import type { TestCardInput } from '@/lib/validation/payments';

// How an order gets paid: the card payment it starts at a gateway (lib/payments/), the payment recorded on it, and
// the one function that marks it paid, whoever learns of the payment first (the customer's browser, Stripe's
// webhook, or a cancellation that finds the payment went through). An order's lines are paid together: one intent
// for the amount its ledger says is due, and its success marks every line paid with the same transaction id. Every
// payment is a row of the ledger (lib/orders/ledger.ts) before anything is marked paid.

type Payment = {
  checkoutId: string;
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

/**
 * Writes a card payment to the ledger (once per gateway id), with whatever it brought beyond the total as owed back,
 * under the lock of the order's invoice, which a recorded transfer takes first too. Answers what is still due, or
 * null when the order is gone.
 */
async function recordCard(
  payment: Payment & { amountCents: number },
  db: Database,
): Promise<number | null> {
  const { checkoutId } = payment;
  await lockInvoiceOf(db, checkoutId);
  const [row] = await db
    .select({ totalCents: checkouts.totalCents })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for('update');
  if (!row) return null;
  const fresh = await recordMovement(db, checkoutId, {
    kind: 'card',
    amountCents: payment.amountCents,
    reference: payment.transactionId,
  });
  if (fresh) await recordExcess(db, checkoutId, row.totalCents, payment.transactionId);
  return dueCents(row.totalCents, await ledgerOf(db, checkoutId));
}

/**
 * Marks every line of an unpaid order paid once its ledger says nothing is due, inside `db` when it is a
 * transaction. The order takes the payment once (its unique transaction id); answers how many lines changed (0 when
 * it was paid already: the receipt goes out once).
 */
export async function markPaid(payment: Payment, db?: Database): Promise<number> {
  if (!db) return getDb().transaction((tx) => markPaid(payment, tx));
  if (payment.amountCents !== undefined) {
    const due = await recordCard({ ...payment, amountCents: payment.amountCents }, db);
    if (due === null || due > 0) return 0;
  }
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
  const invoice = await invoicePayment(db, checkout.id, payment.transactionId);
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

/** What the ledger says is still due on an order of this total; nothing due is a 409, never an intent. */
async function amountToCharge(db: Database, checkoutId: string, totalCents: number) {
  const due = dueCents(totalCents, await ledgerOf(db, checkoutId));
  if (due === 0) throw conflict('Nothing is due on this order');
  return due;
}

/** The caller's own order that a payment call names: by the document's id, or (the REST contract's calls) by one of its lines. */
async function payableOrder(
  actor: Actor | null,
  named: { orderId: string } | { checkoutId: string },
  db: Database = getDb(),
) {
  if ('checkoutId' in named) {
    return { ...(await getOwnCheckout(actor, named.checkoutId, db)), paidMessage: PAID_CHECKOUT };
  }
  const line = await getOwnOrder(actor, named.orderId, db);
  return { ...(await getOwnCheckout(actor, line.checkoutId, db)), paidMessage: PAID_ORDER };
}

const PAID_ORDER = 'This order is already paid';
const PAID_CHECKOUT = 'This checkout is already paid';
const AWAITING_APPROVAL =
  'This order is awaiting approval by your company: it can be paid once an approver approves it';

/**
 * Starts a card payment for the caller's own unpaid order, named by its id or by one of its lines (the REST contract's payment
 * page). The amount is what its ledger says is due (the total, less any transfer recorded); a client that sends a
 * `price` other than the order's total is refused rather than silently corrected.
 */
export async function createPaymentIntent(
  actor: Actor | null,
  input: { orderId: string; price?: number } | { checkoutId: string },
  db: Database = getDb(),
): Promise<{ clientSecret: string; amount: number; currency: 'usd' }> {
  const { checkout, orders: lines, paidMessage } = await payableOrder(actor, input, db);
  if (checkout.transactionId) throw conflict(paidMessage);
  if (checkout.approval === 'awaiting') throw conflict(AWAITING_APPROVAL);
  if (
    'price' in input &&
    input.price !== undefined &&
    toCents(input.price) !== checkout.totalCents
  ) {
    throw badRequest('The price does not match this order', {
      price: 'The price does not match this order',
    });
  }
  const amountCents = await amountToCharge(db, checkout.id, checkout.totalCents);
  const intent = await getGateway().createIntent(
    { checkoutId: checkout.id, totalCents: amountCents },
    db,
  );
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

/**
 * The order a gateway's payment says it pays for (its metadata): the document, or for an intent made before orders
 * became documents, the document of the line it names.
 */
async function orderOfPayment(payment: PaymentIntentInfo): Promise<string | null> {
  if (payment.checkoutId && UUID.test(payment.checkoutId)) return payment.checkoutId;
  if (!payment.orderId || !UUID.test(payment.orderId)) return null;
  const [line] = await getDb()
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  return line?.checkoutId ?? null;
}

/** The payment is for this order, within its total (an intent is made for what is due, never more). */
async function assertPaysFor(
  payment: PaymentIntentInfo | null,
  order: { checkoutId: string; totalCents: number },
): Promise<PaymentIntentInfo> {
  if (!payment) throw badRequest('Unknown transaction', { transactionId: 'Unknown transaction' });
  if (
    (await orderOfPayment(payment)) !== order.checkoutId ||
    payment.amount <= 0 ||
    payment.amount > order.totalCents ||
    payment.currency !== 'usd'
  ) {
    throw badRequest('This payment is not for this order', {
      transactionId: 'This payment is not for this order',
    });
  }
  if (payment.status !== 'succeeded') throw paymentFailed('The payment has not succeeded');
  return payment;
}

/**
 * Records a card payment on the caller's order, named by its id (`PATCH /api/checkout/{id}`) or by one of its lines
 * (the REST contract's `PATCH /api/order/{id}`), only once the gateway confirms that this very payment succeeded for this order.
 * Recording the same payment again is harmless. A card that succeeded after transfers had settled the order is
 * still money received: the ledger records it and, beyond the total, owes it back.
 */
export async function recordPayment(
  actor: Actor | null,
  named: { orderId: string } | { checkoutId: string },
  transactionId: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const { checkout, paidMessage } = await payableOrder(actor, named);
  const payment = await getGateway().retrieve(transactionId);
  if (checkout.transactionId) {
    if (checkout.transactionId === transactionId) return { acknowledged: true, modifiedCount: 0 };
    const late = await assertPaysFor(payment, { ...checkout, checkoutId: checkout.id }).catch(
      () => null,
    );
    if (late) await markPaid(paymentOf(checkout.id, late, 'customer', origin));
    throw conflict(paidMessage);
  }
  const confirmed = await assertPaysFor(payment, { ...checkout, checkoutId: checkout.id });
  try {
    const modifiedCount = await markPaid(paymentOf(checkout.id, confirmed, 'customer', origin));
    return { acknowledged: true, modifiedCount };
  } catch (error) {
    // The unique transaction id: one payment never pays two orders.
    if (isUniqueViolation(error)) throw conflict('This payment was already used for another order');
    throw error;
  }
}

const paymentOf = (
  checkoutId: string,
  payment: PaymentIntentInfo,
  by: OrderEventActor,
  origin: string,
): Payment => ({ checkoutId, transactionId: payment.id, by, origin, amountCents: payment.amount });

/** The test gateway's card form: charges a Stripe test card number against the caller's intent. */
export async function confirmTestPayment(
  actor: Actor | null,
  input: TestCardInput,
): Promise<{ id: string; status: 'succeeded' }> {
  requireSignedIn(actor);
  if (getGateway().name !== 'test') throw notFound('The test gateway is not enabled');
  const [intent] = await getDb()
    .select({ checkoutId: paymentIntents.checkoutId })
    .from(paymentIntents)
    .where(eq(paymentIntents.clientSecret, input.clientSecret));
  if (!intent?.checkoutId) throw notFound('This payment session does not exist');
  const { checkout } = await getOwnCheckout(actor, intent.checkoutId);
  if (checkout.transactionId) throw conflict(PAID_ORDER);
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
  // Read before the transaction: its one connection is busy once it starts (PGlite has only one).
  const checkoutId = await orderOfPayment(payment);
  await getDb().transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processedEvents)
      .values({ id: event.id })
      .onConflictDoNothing()
      .returning();
    if (!fresh || !checkoutId) return;
    await markPaid(paymentOf(checkoutId, payment, 'payment_webhook', origin), tx);
  });
  return { received: true };
}

const UUID = /^[0-9a-f-]{36}$/i;

/**
 * Before an unpaid order is cancelled: stops every payment started for it, so that none can succeed once it is
 * gone, and records one that has already succeeded. Answers whether it turned out to be paid.
 */
export async function settlePaymentsBeforeCancel(
  checkoutId: string,
  origin: string,
): Promise<boolean> {
  const intents = await getDb()
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(eq(paymentIntents.checkoutId, checkoutId));
  if (intents.length === 0) return false;
  const succeeded = await getGateway().cancel(intents.map((intent) => intent.id));
  if (!succeeded) return false;
  await markPaid(paymentOf(checkoutId, succeeded, 'shop', origin));
  return true;
}
