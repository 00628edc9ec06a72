import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { checkouts, orders, tools, type Invoice, type Order } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { formatCheckoutNumber, formatOrderNumber } from '@/lib/format';
import { creditInvoiceOf, lockInvoiceOf } from '@/lib/invoices/issue';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { ordersCancelled } from '@/lib/observability/metrics';
import { findOrderFor } from '@/lib/orders/access';
import { ordersChanged } from '@/lib/orders/changes';
import { recordOrderEvent } from '@/lib/orders/events';
import { receivedCents, recordExcess, recordMovement } from '@/lib/orders/ledger';
import { settlePaymentsBeforeCancel } from '@/lib/orders/payment';
import type { Payee } from '@/lib/types';

type CancelledBy = 'customer' | 'admin' | 'account_removed';

/**
 * Cancels an unpaid order and puts its pieces back in stock, both in one transaction. An order of a checkout takes
 * its whole checkout with it (every line, all its stock back: the checkout was placed and is paid as a whole). A
 * payment that succeeded at the gateway but was not recorded yet makes the order paid instead.
 */
export async function cancelOrder(
  actor: Actor | null,
  id: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findOrderFor(actor, id);
  const by = order.userId === actor?.userId ? 'customer' : 'admin';
  const admin = by === 'admin' ? (actor ?? undefined) : undefined;
  const deletedCount = order.paid ? 0 : await cancelUnpaid(payeeOfOrder(order), by, origin, admin);
  if (deletedCount === 0) throw conflict('A paid order can not be cancelled');
  ordersCancelled.inc({ by }, deletedCount);
  return { acknowledged: true, deletedCount };
}

/**
 * What cancelling this unpaid order would leave owed back to the customer (cents): what its ledger received (bank
 * transfers on its invoice on terms). The admin's Cancel says it before asking "Are you sure?".
 */
export async function refundOwedOnCancel(actor: Actor | null, id: string): Promise<number> {
  requireAdmin(actor);
  const order = await findOrderFor(actor, id);
  if (order.paid) return 0;
  return receivedCents(getDb(), payeeOfOrder(order));
}

const payeeOfOrder = (order: Pick<Order, 'id' | 'checkoutId'>): Payee =>
  order.checkoutId ? { checkoutId: order.checkoutId } : { orderId: order.id };

/** Answers how many orders were cancelled: 0 when they turn out to be paid. */
async function cancelUnpaid(
  payee: Payee,
  by: CancelledBy,
  origin: string,
  admin?: Actor,
): Promise<number> {
  if (await settlePaymentsBeforeCancel(payee, origin)) return 0;
  const cancelled = await getDb().transaction(async (tx) => {
    await lockInvoiceOf(tx, payee);
    const removed = await tx
      .delete(orders)
      .where(
        and(
          'checkoutId' in payee
            ? eq(orders.checkoutId, payee.checkoutId)
            : eq(orders.id, payee.orderId),
          eq(orders.paid, false),
        ),
      )
      .returning();
    if (removed.length === 0) return 0;
    await restock(tx, removed);
    const creditNote = await creditInvoiceOf(tx, payee);
    const refundOwedCents = creditNote ? await writeOff(tx, payee, creditNote, removed) : 0;
    if (admin) await auditCancellation(tx, admin, removed, creditNote, refundOwedCents);
    const actor = by === 'account_removed' ? 'shop' : by;
    for (const order of removed)
      await recordOrderEvent(tx, { orderId: order.id, kind: 'cancelled', actor });
    if ('checkoutId' in payee) {
      const [checkout] = await tx
        .delete(checkouts)
        .where(eq(checkouts.id, payee.checkoutId))
        .returning();
      const lines = [...removed].sort((a, b) => a.number - b.number);
      await queueCheckoutMail(tx, 'checkout_cancelled', checkout!, lines, origin, { by });
    } else {
      await queueOrderMail(tx, 'order_cancelled', removed[0]!, origin, { by });
    }
    return removed.length;
  });
  if (cancelled > 0) ordersChanged();
  return cancelled;
}

/**
 * The credit note in the ledger, and what had been received on the cancelled order owed back beside it. Answers
 * the amount owed back.
 */
async function writeOff(
  tx: Database,
  payee: Payee,
  creditNote: Invoice,
  removed: readonly Order[],
): Promise<number> {
  await recordMovement(tx, payee, {
    kind: 'credit_note',
    invoiceId: creditNote.id,
    amountCents: creditNote.totalCents,
    reference: creditNote.number,
  });
  return recordExcess(tx, payee, totalOf(removed), creditNote.number);
}

const totalOf = (lines: readonly Order[]) => lines.reduce((sum, line) => sum + line.totalCents, 0);

/** An admin's cancellation of a customer's order, with what it wrote off, in the cancelling transaction. */
async function auditCancellation(
  tx: Database,
  admin: Actor,
  removed: readonly Order[],
  creditNote: Invoice | null,
  refundOwedCents: number,
): Promise<void> {
  const first = removed[0]!;
  await recordAudit(tx, {
    actor: admin,
    action: 'order.cancel',
    target: first.checkoutNumber
      ? `checkout ${formatCheckoutNumber(first.checkoutNumber)}`
      : `order ${formatOrderNumber(first.number)}`,
    before: {
      customer: first.email,
      orders: removed.map((order) => order.number),
      totalCents: totalOf(removed),
    },
    after: { cancelled: true, creditNote: creditNote?.number ?? null, refundOwedCents },
  });
}

/**
 * Puts cancelled orders' pieces back, tool by tool in id order: the order in which checkouts lock tools, so a
 * cancel and a checkout of the same tools queue instead of deadlocking.
 */
export async function restock(tx: Database, removed: readonly Order[]): Promise<void> {
  const sorted = [...removed].sort((a, b) =>
    a.toolId < b.toolId ? -1 : a.toolId > b.toolId ? 1 : 0,
  );
  for (const order of sorted) {
    await tx
      .update(tools)
      // A back-ordered piece of an accepted quote was never taken from stock, so it is not put back.
      .set({
        quantity: sql`${tools.quantity} + ${order.quantity - order.backOrdered}`,
        updatedAt: sql`now()`,
      })
      .where(eq(tools.id, order.toolId));
  }
}

/** What an account's unpaid orders are paid by: each order placed alone, each checkout once. */
export async function unpaidPayees(userId: string): Promise<Payee[]> {
  const rows = await getDb()
    .selectDistinct({ id: orders.id, checkoutId: orders.checkoutId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)))
    .orderBy(asc(orders.id));
  const payees = new Map<string, Payee>();
  for (const row of rows) {
    const payee = payeeOfOrder(row);
    payees.set('checkoutId' in payee ? payee.checkoutId : payee.orderId, payee);
  }
  return [...payees.values()];
}

/**
 * A removed account's unpaid orders no longer hold stock: nobody can pay or cancel them any more. Paid orders stay,
 * for shipping and the books.
 */
export async function cancelOrdersOfRemovedAccount(
  payees: readonly Payee[],
  origin: string,
): Promise<void> {
  for (const payee of payees) {
    const cancelled = await cancelUnpaid(payee, 'account_removed', origin);
    if (cancelled > 0) ordersCancelled.inc({ by: 'account_removal' }, cancelled);
  }
}
