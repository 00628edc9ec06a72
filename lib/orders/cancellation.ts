import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { checkouts, orders, tools, type Invoice, type Order } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { formatCheckoutNumber } from '@/lib/format';
import { creditInvoiceOf, lockInvoiceOf } from '@/lib/invoices/issue';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { ordersCancelled } from '@/lib/observability/metrics';
import { findOrderFor } from '@/lib/orders/access';
import { ordersChanged } from '@/lib/orders/changes';
import { recordOrderEvent, type OrderEventActor } from '@/lib/orders/events';
import { receivedCents, recordExcess, recordMovement } from '@/lib/orders/ledger';
import { settlePaymentsBeforeCancel } from '@/lib/orders/payment';

/** Who ended the order: the buyer, the shop, a removed account, the company's approver, or the approval's time. */
type CancelledBy = 'customer' | 'admin' | 'account_removed' | 'approver' | 'approval_expired';

/**
 * Cancels an unpaid order, named by one of its lines (the REST contract's `DELETE /api/order/{id}`), and puts its pieces back in
 * stock, both in one transaction. The whole order goes, every line: it was placed and is paid as a whole. A payment
 * that succeeded at the gateway but was not recorded yet makes the order paid instead.
 */
export async function cancelOrder(
  actor: Actor | null,
  id: string,
  origin: string = mailOrigin(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findOrderFor(actor, id);
  const by = order.userId === actor?.userId ? 'customer' : 'admin';
  const admin = by === 'admin' ? (actor ?? undefined) : undefined;
  const deletedCount = order.paid ? 0 : await cancelUnpaid(order.checkoutId, by, origin, admin);
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
  return receivedCents(getDb(), order.checkoutId);
}

/** Answers how many lines were cancelled: 0 when the order turns out to be paid. */
async function cancelUnpaid(
  checkoutId: string,
  by: CancelledBy,
  origin: string,
  admin?: Actor,
): Promise<number> {
  if (await settlePaymentsBeforeCancel(checkoutId, origin)) return 0;
  const cancelled = await getDb().transaction((tx) =>
    cancelWithin(tx, checkoutId, { by, origin, admin, notify: true }),
  );
  if (cancelled > 0) ordersChanged();
  return cancelled;
}

/**
 * The one cancellation of an unpaid order, in the caller's transaction (a cancel, a removed or a closed account):
 * its lines deleted with their pieces back in stock, a credit note for its invoice with the refund owed beside it,
 * the history, the audit entry of an admin's cancel and, when `notify`, the buyer's mail. Answers how many lines.
 */
export async function cancelWithin(
  tx: Database,
  checkoutId: string,
  how: { by: CancelledBy; origin: string; admin?: Actor; notify: boolean; reason?: string },
): Promise<number> {
  await lockInvoiceOf(tx, checkoutId);
  const removed = await tx
    .delete(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.paid, false)))
    .returning();
  if (removed.length === 0) return 0;
  await restock(tx, removed);
  const creditNote = await creditInvoiceOf(tx, checkoutId);
  const refundOwedCents = creditNote ? await writeOff(tx, checkoutId, creditNote, removed) : 0;
  if (how.admin) await auditCancellation(tx, how.admin, removed, creditNote, refundOwedCents);
  const actor = EVENT_ACTORS[how.by];
  for (const order of removed)
    await recordOrderEvent(tx, { orderId: order.id, kind: 'cancelled', actor });
  const [checkout] = await tx.delete(checkouts).where(eq(checkouts.id, checkoutId)).returning();
  if (how.notify) {
    const lines = [...removed].sort((a, b) => a.number - b.number);
    await queueCheckoutMail(tx, 'checkout_cancelled', checkout!, lines, how.origin, {
      by: how.by,
      ...(how.reason && { reason: how.reason }),
    });
  }
  return removed.length;
}

/** Who the order's history names: an approver speaks for the buying company, an expiry is the shop's doing. */
const EVENT_ACTORS = {
  customer: 'customer',
  admin: 'admin',
  account_removed: 'shop',
  approver: 'customer',
  approval_expired: 'shop',
} as const satisfies Record<CancelledBy, OrderEventActor>;

/**
 * The credit note in the ledger, and what had been received on the cancelled order owed back beside it. Answers
 * the amount owed back.
 */
async function writeOff(
  tx: Database,
  checkoutId: string,
  creditNote: Invoice,
  removed: readonly Order[],
): Promise<number> {
  await recordMovement(tx, checkoutId, {
    kind: 'credit_note',
    invoiceId: creditNote.id,
    amountCents: creditNote.totalCents,
    reference: creditNote.number,
  });
  return recordExcess(tx, checkoutId, totalOf(removed), creditNote.number);
}

/** What the lines cost the buyer: net plus their VAT. */
const totalOf = (lines: readonly Order[]) =>
  lines.reduce((sum, line) => sum + line.totalCents + line.taxCents, 0);

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
    target: `order ${formatCheckoutNumber(first.checkoutNumber)}`,
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
async function restock(tx: Database, removed: readonly Order[]): Promise<void> {
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

/** An account's unpaid orders (their documents' ids). */
export async function unpaidOrdersOf(userId: string, db: Database = getDb()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)))
    .orderBy(asc(orders.checkoutId));
  return rows.map((row) => row.checkoutId);
}

/**
 * A removed account's unpaid orders no longer hold stock: nobody can pay or cancel them any more. Paid orders stay,
 * for shipping and the books.
 */
export async function cancelOrdersOfRemovedAccount(
  checkoutIds: readonly string[],
  origin: string,
): Promise<void> {
  for (const checkoutId of checkoutIds) {
    const cancelled = await cancelUnpaid(checkoutId, 'account_removed', origin);
    if (cancelled > 0) ordersCancelled.inc({ by: 'account_removal' }, cancelled);
  }
}
