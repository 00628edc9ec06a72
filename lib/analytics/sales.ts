import { sql } from 'drizzle-orm';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { replicaRows } from '@/lib/db/replica';
import { orders, quotes, tools } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import { QUOTE_STATUSES, type QuoteStatus } from '@/lib/types';
import type { AnalyticsInterval, AnalyticsRange } from '@/lib/validation/analytics';

// Sales analytics (admins): paid orders placed in a range of days (UTC, both ends included), the same orders and
// the same dates as the CSV export filtered to that range (lib/orders/export.ts). Sums are taken in cents by
// PostgreSQL and turned into dollars once; sums are float8, exact for whole cents far beyond any shop's revenue, and
// a number in both drivers (a bigint would be a string in one of them).

export interface SeriesPoint {
  /** the first day of the day, week (Monday) or month, YYYY-MM-DD; the figures count only days in the range */
  start: string;
  orders: number;
  revenue: number;
}

export interface ToolSales {
  toolId: string;
  name: string;
  quantity: number;
  revenue: number;
}

export interface SalesAnalytics {
  from: string;
  to: string;
  interval: AnalyticsInterval;
  series: SeriesPoint[];
  /** the ten tools with the most revenue */
  byTool: ToolSales[];
  averageOrderValue: number;
  /** customers (by email) whose first paid order is in the range */
  newCustomers: number;
  /** customers with a paid order in the range who had paid for one before it */
  returningCustomers: number;
  orders: number;
  revenue: number;
  /** every order placed in the range and not cancelled, by where it stands */
  byStatus: { status: 'Unpaid' | 'Paid' | 'Shipped'; orders: number }[];
  /** the part of the revenue from orders whose quantity earned a price break, 0 to 1; null without revenue */
  breakPriceShare: number | null;
  /** the quotes requested in the range, by where each stands now */
  quotesByStatus: { status: QuoteStatus; quotes: number }[];
  /** the part of the quotes requested in the range that became a checkout, 0 to 1; null without quotes */
  quoteConversion: number | null;
}

const TOP_TOOLS = 10;

/** The range's bounds as instants: from its first day's midnight (UTC) up to, not including, the day after `to`. */
function bounds(range: AnalyticsRange) {
  const from = sql`${`${range.from}T00:00:00Z`}::timestamptz`;
  const until = sql`(${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day')`;
  return { from, until, inRange: sql`o.created_at >= ${from} AND o.created_at < ${until}` };
}

/** Revenue and orders per day, week or month, every bucket of the range present (empty ones as zero). */
function readSeries(range: AnalyticsRange) {
  const { from, until, inRange } = bounds(range);
  const unit = sql.raw(`'${range.interval}'`);
  return replicaRows<{ start: string; orders: number; revenue_cents: number }>(
    sql`
    WITH sold AS (
      SELECT date_trunc(${unit}, o.created_at AT TIME ZONE 'UTC') AS bucket,
             count(*)::int AS orders, sum(o.total_cents)::float8 AS revenue_cents
      FROM ${orders} o WHERE o.paid AND ${inRange} GROUP BY 1
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD') AS start, coalesce(s.orders, 0)::int AS orders,
           coalesce(s.revenue_cents, 0)::float8 AS revenue_cents
    FROM generate_series(date_trunc(${unit}, ${from} AT TIME ZONE 'UTC'),
                         (${until} - interval '1 day') AT TIME ZONE 'UTC',
                         interval ${sql.raw(`'1 ${range.interval}'`)}) AS b(bucket)
    LEFT JOIN sold s ON s.bucket = b.bucket
    ORDER BY b.bucket`,
  );
}

/** Orders are summed per tool first and the ten tools named after: the join then meets ten rows, not every order. */
function readTopTools(range: AnalyticsRange) {
  return replicaRows<{ tool_id: string; name: string; quantity: number; revenue_cents: number }>(
    sql`
    SELECT s.tool_id, t.name, s.quantity, s.revenue_cents
    FROM (
      SELECT o.tool_id, sum(o.quantity)::float8 AS quantity, sum(o.total_cents)::float8 AS revenue_cents
      FROM ${orders} o WHERE o.paid AND ${bounds(range).inRange} GROUP BY o.tool_id
    ) s JOIN ${tools} t ON t.id = s.tool_id
    ORDER BY s.revenue_cents DESC, t.name
    LIMIT ${TOP_TOOLS}`,
  );
}

/**
 * Totals, statuses, the revenue at break prices and the customers, in one statement. The orders are summed per tool,
 * unit price and status first, so the tools are joined to a few dozen rows. An order counts as at a break price when
 * it was charged less per piece than its tool's base price (orders keep the unit price they were charged, not the
 * base price of that day: after a base price change, older orders are judged against the new one); an order of an
 * accepted quote was charged the agreed price, not a break's, and never counts. A buyer returns
 * when one paid order of theirs is older than the range: one probe of the (email, created_at) index each.
 */
function readTotals(range: AnalyticsRange) {
  const { from, inRange } = bounds(range);
  return replicaRows<{
    orders: number;
    revenue_cents: number;
    unpaid: number;
    to_ship: number;
    shipped: number;
    break_cents: number;
    new_customers: number;
    returning_customers: number;
  }>(
    sql`
    WITH per_price AS (
      SELECT o.tool_id, o.unit_price_cents, o.paid, o.shipped, q.id IS NOT NULL AS quoted, count(*) AS n,
             sum(o.total_cents) AS cents
      FROM ${orders} o LEFT JOIN ${quotes} q ON q.checkout_id = o.checkout_id
      WHERE ${inRange} GROUP BY 1, 2, 3, 4, 5
    ), totals AS (
      SELECT coalesce(sum(n) FILTER (WHERE paid), 0)::int AS orders,
             coalesce(sum(cents) FILTER (WHERE paid), 0)::float8 AS revenue_cents,
             coalesce(sum(n) FILTER (WHERE NOT paid), 0)::int AS unpaid,
             coalesce(sum(n) FILTER (WHERE paid AND NOT shipped), 0)::int AS to_ship,
             coalesce(sum(n) FILTER (WHERE shipped), 0)::int AS shipped,
             coalesce(sum(cents) FILTER (WHERE paid AND NOT quoted AND p.unit_price_cents < t.price_cents), 0)::float8 AS break_cents
      FROM per_price p JOIN ${tools} t ON t.id = p.tool_id
    ), customers AS (
      SELECT count(*) FILTER (WHERE seen.found IS NULL)::int AS new_customers,
             count(seen.found)::int AS returning_customers
      FROM (SELECT DISTINCT o.email FROM ${orders} o WHERE o.paid AND ${inRange}) b
      LEFT JOIN LATERAL (
        SELECT 1 AS found FROM ${orders} e WHERE e.email = b.email AND e.paid AND e.created_at < ${from} LIMIT 1
      ) seen ON true
    )
    SELECT * FROM totals, customers`,
  );
}

/** The quotes asked for in the range, counted by their status today. */
function readQuotes(range: AnalyticsRange) {
  const { from, until } = bounds(range);
  return replicaRows<{ status: QuoteStatus; quotes: number }>(
    sql`SELECT status, count(*)::int AS quotes FROM ${quotes}
        WHERE created_at >= ${from} AND created_at < ${until} GROUP BY status`,
  );
}

/** The sales figures of a range, in four aggregate statements run side by side. */
export async function getSalesAnalytics(
  actor: Actor | null,
  range: AnalyticsRange,
): Promise<SalesAnalytics> {
  requireAdmin(actor);
  const [series, topTools, [totals], quoteCounts] = await Promise.all([
    readSeries(range),
    readTopTools(range),
    readTotals(range),
    readQuotes(range),
  ]);
  const quotesOf = (status: QuoteStatus) =>
    quoteCounts.find((row) => row.status === status)?.quotes ?? 0;
  const quotesAsked = quoteCounts.reduce((sum, row) => sum + row.quotes, 0);
  const paidOrders = totals?.orders ?? 0;
  const revenueCents = totals?.revenue_cents ?? 0;
  return {
    from: range.from,
    to: range.to,
    interval: range.interval,
    series: series.map((point) => ({
      start: point.start,
      orders: point.orders,
      revenue: toDollars(point.revenue_cents),
    })),
    byTool: topTools.map((tool) => ({
      toolId: tool.tool_id,
      name: tool.name,
      quantity: tool.quantity,
      revenue: toDollars(tool.revenue_cents),
    })),
    averageOrderValue: paidOrders ? toDollars(Math.round(revenueCents / paidOrders)) : 0,
    newCustomers: totals?.new_customers ?? 0,
    returningCustomers: totals?.returning_customers ?? 0,
    orders: paidOrders,
    revenue: toDollars(revenueCents),
    byStatus: [
      { status: 'Unpaid', orders: totals?.unpaid ?? 0 },
      { status: 'Paid', orders: totals?.to_ship ?? 0 },
      { status: 'Shipped', orders: totals?.shipped ?? 0 },
    ],
    breakPriceShare: revenueCents ? (totals?.break_cents ?? 0) / revenueCents : null,
    quotesByStatus: QUOTE_STATUSES.map((status) => ({ status, quotes: quotesOf(status) })),
    quoteConversion: quotesAsked ? quotesOf('accepted') / quotesAsked : null,
  };
}

/** What GET /api/analytics answers: the contract's fields of the same figures the page draws. */
export const toAnalyticsDto = (figures: SalesAnalytics) => ({
  series: figures.series,
  byTool: figures.byTool,
  averageOrderValue: figures.averageOrderValue,
  newCustomers: figures.newCustomers,
  returningCustomers: figures.returningCustomers,
});
