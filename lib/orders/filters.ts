import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import type { OrderFilter } from '@/lib/validation/orders';

const ORDER_NUMBER = /^#?(\d{1,9})$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The SQL conditions of All Orders' filters; none for an empty filter. */
export function orderFilterConditions(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status === 'unpaid') conditions.push(eq(orders.paid, false));
  if (filter.status === 'to-ship')
    conditions.push(and(eq(orders.paid, true), eq(orders.shipped, false))!);
  if (filter.status === 'shipped') conditions.push(eq(orders.shipped, true));
  if (filter.q) {
    const number = ORDER_NUMBER.exec(filter.q)?.[1];
    conditions.push(
      number
        ? eq(orders.number, Number(number))
        : ilike(orders.email, `%${escapeLike(filter.q.toLowerCase())}%`),
    );
  }
  if (filter.from)
    conditions.push(sql`${orders.createdAt} >= ${`${filter.from}T00:00:00Z`}::timestamptz`);
  if (filter.to) {
    conditions.push(
      sql`${orders.createdAt} < (${`${filter.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  }
  return conditions;
}

export const isFiltered = (filter: OrderFilter) => orderFilterConditions(filter).length > 0;
