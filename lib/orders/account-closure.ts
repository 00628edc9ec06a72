import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { checkouts, orders } from '@/lib/db/schema';
import { ordersCancelled } from '@/lib/observability/metrics';
import { ordersChanged } from '@/lib/orders/changes';
import { settlePaymentsBeforeCancel } from '@/lib/orders/payment';
import { cancelWithin, unpaidOrdersOf } from '@/lib/orders/cancellation';

// Paid orders stay for the books and for shipping; who placed them does not.
export const CLOSED_NAME = 'Closed account';
export const CLOSED_EMAIL = 'closed-account@toolhaus.invalid';

/**
 * Before the closing transaction: a payment that succeeded at the gateway but is not recorded yet makes its order
 * paid (kept), not cancelled. The gateway is asked outside the transaction.
 */
export async function settleOrdersOfClosingAccount(userId: string, origin: string): Promise<void> {
  for (const checkoutId of await unpaidOrdersOf(userId))
    await settlePaymentsBeforeCancel(checkoutId, origin);
}

/**
 * In the closing account's transaction: unpaid orders are cancelled as a customer's cancel does (pieces back in
 * stock, a credit note for an invoice on terms), without a mail to the address being closed; paid orders stay with
 * the name and email replaced.
 */
export async function closeOrdersOfAccount(
  tx: Database,
  userId: string,
  origin: string,
): Promise<{ cancelled: number; kept: number }> {
  let cancelled = 0;
  for (const checkoutId of await unpaidOrdersOf(userId, tx)) {
    cancelled += await cancelWithin(tx, checkoutId, { by: 'customer', origin, notify: false });
  }
  const anonymous = { userName: CLOSED_NAME, email: CLOSED_EMAIL };
  await tx.update(checkouts).set(anonymous).where(eq(checkouts.userId, userId));
  const kept = await tx
    .update(orders)
    .set(anonymous)
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return { cancelled, kept: kept.length };
}

/** After commit: the public pages' stock and the order count moved. */
export function ordersOfClosedAccountChanged(cancelled: number): void {
  if (cancelled === 0) return;
  ordersCancelled.inc({ by: 'account_closure' }, cancelled);
  ordersChanged();
}
