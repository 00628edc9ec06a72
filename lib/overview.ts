import { sql } from 'drizzle-orm';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb, queryRows } from '@/lib/db/client';
import { orders, tools } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';

export interface MonthFigures {
  orders: number;
  /** dollars paid for the month's orders */
  revenue: number;
}

export interface ShopOverview {
  thisMonth: MonthFigures;
  lastMonth: MonthFigures;
  toShip: number;
  lowStock: { id: string; name: string; quantity: number; minQuantity: number }[];
}

/** A tool is running low below this many of its minimum orders. */
export const LOW_STOCK_FACTOR = 3;

/**
 * The admin's overview, from live data: orders placed and revenue (of those paid) this month and last (UTC), paid
 * orders waiting to ship, and tools whose stock is below three times their minimum order.
 */
export async function getShopOverview(actor: Actor | null): Promise<ShopOverview> {
  requireAdmin(actor);
  const db = getDb();
  const [figures, lowStock] = await Promise.all([
    queryRows<{ month: 'this' | 'last' | 'ship'; orders: number; revenue_cents: number }>(
      db,
      sql`
      SELECT CASE WHEN created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' THEN 'this'
                  ELSE 'last' END AS month,
             count(*)::int AS orders,
             coalesce(sum(total_cents) FILTER (WHERE paid), 0)::float8 AS revenue_cents
      FROM ${orders}
      WHERE created_at >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month') AT TIME ZONE 'UTC'
      GROUP BY 1
      UNION ALL
      SELECT 'ship', count(*)::int, 0 FROM ${orders} WHERE paid AND NOT shipped`,
    ),
    db
      .select({
        id: tools.id,
        name: tools.name,
        quantity: tools.quantity,
        minQuantity: tools.minQuantity,
      })
      .from(tools)
      .where(
        sql`${tools.deletedAt} IS NULL AND ${tools.quantity} < ${tools.minQuantity} * ${LOW_STOCK_FACTOR}`,
      )
      .orderBy(sql`${tools.quantity}::float / ${tools.minQuantity}`, tools.name)
      .limit(50),
  ]);
  const month = (which: 'this' | 'last'): MonthFigures => {
    const row = figures.find((figure) => figure.month === which);
    return { orders: row?.orders ?? 0, revenue: toDollars(row?.revenue_cents ?? 0) };
  };
  return {
    thisMonth: month('this'),
    lastMonth: month('last'),
    toShip: figures.find((figure) => figure.month === 'ship')?.orders ?? 0,
    lowStock,
  };
}
