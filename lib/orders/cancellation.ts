import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { orders, tools } from '@/lib/db/schema';
import { conflict } from '@/lib/errors';
import { fallbackOrigin } from '@/lib/mail/config';
import { queueOrderMail } from '@/lib/mail/order-mails';
import { ordersCancelled } from '@/lib/observability/metrics';
import { findOrderFor } from '@/lib/orders/access';
import { ordersChanged } from '@/lib/orders/changes';
import { recordOrderEvent } from '@/lib/orders/events';
import { settlePaymentsBeforeCancel } from '@/lib/orders/payment';

/**
 * Cancels an unpaid order and puts its pieces back in stock, both in one transaction. A payment that succeeded
 * at the gateway but was not recorded yet makes the order paid instead.
 */
export async function cancelOrder(
  actor: Actor | null,
  id: string,
  origin: string = fallbackOrigin(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findOrderFor(actor, id);
  const by = order.userId === actor?.userId ? 'customer' : 'admin';
  if (order.paid || !(await cancelUnpaid(order.id, by, origin))) {
    throw conflict('A paid order can not be cancelled');
  }
  ordersCancelled.inc({ by });
  return { acknowledged: true, deletedCount: 1 };
}

/** Answers false, cancelling nothing, when the order turns out to be paid. */
async function cancelUnpaid(
  orderId: string,
  by: 'customer' | 'admin' | 'account_removed',
  origin: string,
): Promise<boolean> {
  if (await settlePaymentsBeforeCancel(orderId, origin)) return false;
  const cancelled = await getDb().transaction(async (tx) => {
    const [removed] = await tx
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paid, false)))
      .returning();
    if (!removed) return false;
    await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} + ${removed.quantity}`, updatedAt: sql`now()` })
      .where(eq(tools.id, removed.toolId));
    await queueOrderMail(tx, 'order_cancelled', removed, origin, { by });
    await recordOrderEvent(tx, {
      orderId: removed.id,
      kind: 'cancelled',
      actor: by === 'account_removed' ? 'shop' : by,
    });
    return true;
  });
  if (cancelled) ordersChanged();
  return cancelled;
}

/** The ids of an account's unpaid orders (see cancelOrdersOfRemovedAccount). */
export async function unpaidOrderIds(userId: string): Promise<string[]> {
  const rows = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)));
  return rows.map((row) => row.id);
}

/**
 * A removed account's unpaid orders no longer hold stock: nobody can pay or cancel them any more. Paid orders stay,
 * for shipping and the books.
 */
export async function cancelOrdersOfRemovedAccount(
  orderIds: readonly string[],
  origin: string,
): Promise<void> {
  for (const orderId of orderIds) {
    if (await cancelUnpaid(orderId, 'account_removed', origin)) {
      ordersCancelled.inc({ by: 'account_removal' });
    }
  }
}
