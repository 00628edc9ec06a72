import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { membershipOf, type Membership } from '@/lib/db/company-membership';
import { checkouts, companyMembers, orders, users, type Checkout } from '@/lib/db/schema';
import { conflict, forbidden } from '@/lib/errors';
import { formatCheckoutNumber } from '@/lib/format';
import { allocateInvoiceNumber, issueInvoice } from '@/lib/invoices/issue';
import { assertCredit, creditOfCompany } from '@/lib/invoices/terms';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { amendQueuedMail } from '@/lib/mail/outbox';
import { ordersCancelled } from '@/lib/observability/metrics';
import { findCheckoutFor } from '@/lib/orders/access';
import { cancelWithin } from '@/lib/orders/cancellation';
import { ordersChanged } from '@/lib/orders/changes';
import { approvalSchema, type ApprovalInput } from '@/lib/validation/approval';

// A buyer's order above their spending limit, or on terms above the company's credit left, waits for an approver
// or owner of the company: placed with its stock reserved, nothing charged or invoiced, until one of them approves
// or declines it, or 72 hours pass. Every decision is one conditional write on the checkout's row, so of two
// approvers deciding at once exactly one wins.

/** How long an order waits for its approval before the scheduled job cancels it. */
export const APPROVAL_HOURS = 72;
/** A buyer's own orders of this many hours count together against their limit: splitting an order does not pass. */
export const SPENDING_WINDOW_HOURS = 24;

/**
 * Whether a buyer's order just placed (in this transaction, under the account's lock) must wait: owners and
 * approvers buy without limit; a buyer's orders of the last 24 hours that went through on their own authority, plus
 * this one, above their limit, or an order on terms above the company's credit left, wait.
 */
export async function waitsForApproval(
  tx: Database,
  member: Membership,
  placed: { userId: string; checkoutId: string; totalCents: number; onTerms: boolean },
): Promise<boolean> {
  if (member.role !== 'buyer') return false;
  if (member.spendingLimitCents !== null) {
    const spent = await spentRecently(tx, placed.userId, member.companyId, placed.checkoutId);
    if (spent + placed.totalCents > member.spendingLimitCents) return true;
  }
  if (!placed.onTerms) return false;
  const credit = await creditOfCompany(tx, member.companyId);
  return !credit || placed.totalCents > credit.remainingCents;
}

/** The gross total (cents) of a buyer's orders for the company in the window that needed nobody's approval. */
async function spentRecently(
  tx: Database,
  userId: string,
  companyId: string,
  besides: string,
): Promise<number> {
  const [row] = await queryRows<{ spent: number }>(
    tx,
    sql`SELECT coalesce(sum(${checkouts.totalCents}), 0)::float8 AS spent FROM ${checkouts}
        WHERE ${checkouts.userId} = ${userId} AND ${checkouts.companyId} = ${companyId}
          AND ${checkouts.approval} IS NULL AND ${checkouts.id} <> ${besides}
          AND ${checkouts.createdAt} > now() - make_interval(hours => ${SPENDING_WINDOW_HOURS})`,
  );
  return row?.spent ?? 0;
}

/**
 * Holds an order just placed for approval, in its placement's transaction: the placed mail says so instead of "Pay
 * now", and every owner and approver of the company gets a mail linking to the order's page.
 */
export async function holdForApproval(
  tx: Database,
  checkoutId: string,
  paysBy: 'card' | 'invoice',
  origin: string,
): Promise<void> {
  const [held] = await tx
    .update(checkouts)
    .set({
      approval: 'awaiting',
      approvalExpiresAt: sql`now() + make_interval(hours => ${APPROVAL_HOURS})`,
      approvalPaysBy: paysBy,
    })
    .where(eq(checkouts.id, checkoutId))
    .returning();
  const approvalExpiresAt = held!.approvalExpiresAt!.toISOString();
  await amendQueuedMail(
    tx,
    { kind: 'checkout_placed', field: 'checkoutId', value: checkoutId },
    { awaitingApproval: true, approvalExpiresAt },
  );
  const deciders = await tx
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, held!.companyId!),
        inArray(companyMembers.role, ['owner', 'approver']),
        sql`${users.disabledAt} IS NULL`,
      ),
    );
  const lines = await linesOf(tx, checkoutId);
  for (const decider of deciders) {
    await queueCheckoutMail(
      tx,
      'approval_requested',
      held!,
      lines,
      origin,
      { buyer: held!.userName, approvalExpiresAt },
      decider.email,
    );
  }
}

/**
 * Issues the invoice of an order on the company's terms, in the caller's transaction: the company's row locked, the
 * credit checked against what is left at this moment (409 otherwise), the number allocated only now, so a held order
 * leaves no gap in the invoices' numbers. Answers the invoice's number.
 */
export async function invoiceOnTerms(tx: Database, checkout: Checkout): Promise<string> {
  const credit = checkout.companyId && (await creditOfCompany(tx, checkout.companyId, true));
  if (!credit) throw conflict('The company no longer has payment terms for this order');
  await assertCredit(tx, checkout.companyId!, checkout.totalCents);
  const allocated = await allocateInvoiceNumber(tx);
  await issueInvoice(tx, checkout.id, { method: 'invoice', netDays: credit.netDays, allocated });
  return allocated.number;
}

const linesOf = (db: Database, checkoutId: string) =>
  db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(asc(orders.number));

/** Whether the signed-in caller may decide on this checkout: an owner or approver of its company, not its buyer. */
function mayDecide(actor: Actor, checkout: Checkout, member: Membership | null): boolean {
  return (
    checkout.userId !== actor.userId &&
    member !== null &&
    member.companyId === checkout.companyId &&
    member.role !== 'buyer'
  );
}

/**
 * The checkout an approver decides on: a stranger's is a 404 as every read answers; a member who may not decide,
 * the buyer themselves or an admin (not the company's to decide) is a 403.
 */
async function decidable(actor: Actor | null, id: string, db: Database): Promise<Actor> {
  const current = requireSignedIn(actor);
  const { checkout } = await findCheckoutFor(current, id, db);
  if (checkout.userId === current.userId) throw forbidden('You can not approve your own order');
  if (!mayDecide(current, checkout, await membershipOf(db, current.userId)))
    throw forbidden('Only an approver or owner of the company can decide on its orders');
  return current;
}

const NOT_AWAITING = 'This order is no longer awaiting approval';

export interface ApprovalAnswer {
  checkoutId: string;
  number: number;
  status: 'approved' | 'cancelled';
  /** the invoice issued on the company's terms, when the order pays by invoice */
  invoiceNumber: string | null;
}

/**
 * `POST /api/checkout/{id}/approve`: the conditional update decides between approvers deciding at once (and the
 * expiry), the order goes on to its payment by card or, on terms, its invoice is issued; audited, the buyer mailed.
 */
export async function approveCheckout(
  actor: Actor | null,
  id: string,
  input: ApprovalInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<ApprovalAnswer> {
  const approver = await decidable(actor, id, db);
  const { reason } = approvalSchema.parse(input);
  const answer = await db.transaction(async (tx) => {
    const [approved] = await tx
      .update(checkouts)
      .set({ approval: 'approved', approvedBy: approver.userId, approvedAt: sql`now()` })
      .where(
        and(
          eq(checkouts.id, id),
          eq(checkouts.approval, 'awaiting'),
          gt(checkouts.approvalExpiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!approved) throw conflict(NOT_AWAITING);
    const invoiceNumber =
      approved.approvalPaysBy === 'invoice' ? await invoiceOnTerms(tx, approved) : null;
    await auditDecision(tx, approver, approved, 'order.approve', reason, invoiceNumber);
    await queueCheckoutMail(tx, 'checkout_approved', approved, await linesOf(tx, id), origin, {
      approvedBy: approver.name || approver.email,
      ...(invoiceNumber && { invoiceNumber }),
    });
    return { checkoutId: id, number: approved.number, status: 'approved' as const, invoiceNumber };
  });
  ordersChanged();
  return answer;
}

/**
 * `POST /api/checkout/{id}/decline`: the order's row locked while it still waits (so an approval at the same moment
 * finds it gone), then the one cancellation puts its stock back and mails the buyer the reason; audited.
 */
export async function declineCheckout(
  actor: Actor | null,
  id: string,
  input: ApprovalInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<ApprovalAnswer> {
  const decider = await decidable(actor, id, db);
  const { reason } = approvalSchema.parse(input);
  const answer = await db.transaction(async (tx) => {
    const [waiting] = await tx
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.id, id),
          eq(checkouts.approval, 'awaiting'),
          gt(checkouts.approvalExpiresAt, sql`now()`),
        ),
      )
      .for('update');
    if (!waiting) throw conflict(NOT_AWAITING);
    await auditDecision(tx, decider, waiting, 'order.decline', reason, null);
    await cancelWithin(tx, id, { by: 'approver', origin, notify: true, reason });
    return {
      checkoutId: id,
      number: waiting.number,
      status: 'cancelled' as const,
      invoiceNumber: null,
    };
  });
  ordersChanged();
  ordersCancelled.inc({ by: 'approver' });
  return answer;
}

async function auditDecision(
  tx: Database,
  decider: Actor,
  checkout: Checkout,
  action: 'order.approve' | 'order.decline',
  reason: string | undefined,
  invoiceNumber: string | null,
): Promise<void> {
  await recordAudit(tx, {
    actor: decider,
    action,
    target: `order ${formatCheckoutNumber(checkout.number)}`,
    before: { approval: 'awaiting', buyer: checkout.email, totalCents: checkout.totalCents },
    after: {
      approval: action === 'order.approve' ? 'approved' : 'declined',
      reason: reason ?? null,
      ...(invoiceNumber && { invoiceNumber }),
    },
  });
}

/** The order page's view of its approval: whether it waits, until when, and whether the reader may decide. */
export async function approvalOf(
  actor: Actor,
  checkoutId: string,
  db: Database = getDb(),
): Promise<{ awaiting: boolean; expiresAt: string | null; mayDecide: boolean }> {
  const { checkout } = await findCheckoutFor(actor, checkoutId, db);
  const awaiting = checkout.approval === 'awaiting';
  return {
    awaiting,
    expiresAt: awaiting ? checkout.approvalExpiresAt!.toISOString() : null,
    mayDecide: awaiting && mayDecide(actor, checkout, await membershipOf(db, actor.userId)),
  };
}
