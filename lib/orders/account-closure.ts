import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { checkouts, orders } from '@/lib/db/schema';
import { ordersCancelled } from '@/lib/observability/metrics';
import { ordersChanged } from '@/lib/orders/changes';
import { recordOrderEvent } from '@/lib/orders/events';
import { settlePaymentsBeforeCancel } from '@/lib/orders/payment';
import { restock, unpaidPayees } from '@/lib/orders/cancellation';

// Paid orders stay for the books and for shipping; who placed them does not.
export const CLOSED_NAME = 'Closed account';
export const CLOSED_EMAIL = 'closed-account@toolhaus.invalid';

/**
 * Before the closing transaction: a payment that succeeded at the gateway but is not recorded yet makes its order
 * paid (kept), not cancelled. The gateway is asked outside the transaction.
 */
export async function settleOrdersOfClosingAccount(userId: string, origin: string): Promise<void> {
  for (const payee of await unpaidPayees(userId)) await settlePaymentsBeforeCancel(payee, origin);
}

/**
 * In the closing account's transaction: unpaid orders are cancelled with their pieces put back in stock, as a
 * customer's cancel does; paid orders stay with the name and email replaced.
 */
export async function closeOrdersOfAccount(
  tx: Database,
  userId: string,
): Promise<{ cancelled: number; kept: number }> {
  const cancelled = await tx
    .delete(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)))
    .returning();
  await restock(tx, cancelled);
  for (const order of cancelled) {
    await recordOrderEvent(tx, { orderId: order.id, kind: 'cancelled', actor: 'customer' });
  }
  // Their checkouts go with them (a checkout is paid whole, so an unpaid one has no paid line left).
  await tx
    .delete(checkouts)
    .where(and(eq(checkouts.userId, userId), isNull(checkouts.transactionId)));
  const kept = await tx
    .update(orders)
    .set({ userName: CLOSED_NAME, email: CLOSED_EMAIL })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return { cancelled: cancelled.length, kept: kept.length };
}

/** After commit: the public pages' stock and the order count moved. */
export function ordersOfClosedAccountChanged(cancelled: number): void {
  if (cancelled === 0) return;
  ordersCancelled.inc({ by: 'account_closure' }, cancelled);
  ordersChanged();
}
