import { and, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import { checkouts, orders } from '@/lib/db/schema';
import type { OrderFilter } from '@/lib/validation/orders';

const ORDER_NUMBER = /^#?(\d{1,9})$/;
const CHECKOUT_NUMBER = /^C-?(\d{1,9})$/i;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The order's document waits for its company's approval (lib/orders/approval.ts). */
export const awaitingApproval = sql`${orders.checkoutId} IN (SELECT ${checkouts.id} FROM ${checkouts} WHERE ${checkouts.approval} = 'awaiting')`;

/** The SQL conditions of All Orders' filters; none for an empty filter. */
export function orderFilterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status === 'awaiting-approval') conditions.push(awaitingApproval);
  if (filter.status === 'unpaid')
    conditions.push(and(eq(orders.paid, false), not(awaitingApproval))!);
  if (filter.status === 'to-ship')
    conditions.push(and(eq(orders.paid, true), eq(orders.shipped, false))!);
  if (filter.status === 'shipped') conditions.push(eq(orders.shipped, true));
  if (filter.q) conditions.push(searchCondition(filter.q));
  if (filter.from)
    conditions.push(sql`${orders.createdAt} >= ${`${filter.from}T00:00:00Z`}::timestamptz`);
  if (filter.to) {
    conditions.push(
      sql`${orders.createdAt} < (${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  }
  return conditions;
}

/**
 * The search box: "#1042" or "1042" an order number, "C-1001" a checkout's number, any other text
 * part of the customer's email or of the PO number.
 */
function searchCondition(q: string): SQL {
  const checkout = CHECKOUT_NUMBER.exec(q)?.[1];
  if (checkout) return eq(orders.checkoutNumber, Number(checkout));
  const number = ORDER_NUMBER.exec(q)?.[1];
  if (number) return eq(orders.number, Number(number));
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return or(ilike(orders.email, pattern), ilike(orders.poNumber, pattern))!;
}

export const isFiltered = (filter: OrderFilter) => orderFilterConditions(filter).length > 0;
