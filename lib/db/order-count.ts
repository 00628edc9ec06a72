import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';

// Counting every order is the one part of the admin list that grows with the table (≈ 10 ms at 100,000 orders),
// while each page is an index read. The count is kept for a few seconds and dropped by every order placed or
// cancelled on this instance; another instance's orders show in it after at most this long.
const ORDER_COUNT_TTL_MS = 5_000;
let orderCount: { total: number; countedAt: number } | undefined;
// Bumped by every write, so that a count that was running while an order came in is not kept.
let orderWrites = 0;

/** How many orders there are, at most a few seconds old. */
export async function countAllOrders(): Promise<number> {
  if (orderCount && Date.now() - orderCount.countedAt < ORDER_COUNT_TTL_MS) return orderCount.total;
  const writesBefore = orderWrites;
  const countedAt = Date.now();
  const [count] = await getDb()
    .select({ total: sql<number>`count(*)::int` })
    .from(orders);
  const total = count?.total ?? 0;
  if (orderWrites === writesBefore) orderCount = { total, countedAt };
  return total;
}

/** An order was placed or cancelled here: the next count is a fresh one. */
export function forgetOrderCount(): void {
  orderWrites += 1;
  orderCount = undefined;
}
