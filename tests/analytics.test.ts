import { beforeAll, describe, expect, it } from 'vitest';
import * as analyticsRoute from '@/app/api/analytics/route';
import * as exportRoute from '@/app/api/order/export/route';
import { getDb } from '@/lib/db/client';
import { getSalesAnalytics } from '@/lib/analytics/sales';
import { orders, quotes, tools } from '@/lib/db/schema';
import { seedCatalogue } from '@/lib/db/seed';
import { seedHistory } from '@/lib/db/seed-history';
import { actorOf, call, insertOrderLine, makeUser, type ErrorBody, type TestUser } from './helpers';

interface Analytics {
  series: { start: string; orders: number; revenue: number }[];
  byTool: { toolId: string; name: string; quantity: number; revenue: number }[];
  averageOrderValue: number;
  newCustomers: number;
  returningCustomers: number;
}

let admin: TestUser;
const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = dayOf(Date.now());
const daysAgo = (days: number) => dayOf(Date.now() - days * DAY);

beforeAll(async () => {
  admin = await makeUser('admin');
  await seedCatalogue();
  expect(await seedHistory(1500)).toBe(1500);
}, 60_000);

const analytics = (query: string) =>
  call<Analytics & ErrorBody>(analyticsRoute.GET, {
    token: admin.token,
    path: `/api/analytics?${query}`,
  });

/** The CSV export's paid orders of the same range: [cents of each]. */
async function exportedPaidCents(from: string, to: string): Promise<number[]> {
  const { body } = await call<string>(exportRoute.GET, {
    token: admin.token,
    path: `/api/order/export?from=${from}&to=${to}`,
  });
  const records = body.trim().split('\r\n').slice(1);
  return records
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]!))
    .filter((cells) => cells[2] !== 'unpaid')
    .map((cells) => Math.round(Number(cells[8]) * 100));
}

/** The figures worked out by hand from every order row, in JavaScript. */
async function byHand(from: string, to: string) {
  const all = await getDb().select().from(orders);
  const names = new Map((await getDb().select().from(tools)).map((tool) => [tool.id, tool.name]));
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY;
  const paid = all.filter((order) => order.paid);
  const inRange = paid.filter((o) => o.createdAt.getTime() >= start && o.createdAt.getTime() < end);
  const cents = inRange.reduce((sum, order) => sum + order.totalCents, 0);
  const perTool = new Map<string, { quantity: number; cents: number }>();
  for (const order of inRange) {
    const tool = perTool.get(order.toolId) ?? { quantity: 0, cents: 0 };
    perTool.set(order.toolId, {
      quantity: tool.quantity + order.quantity,
      cents: tool.cents + order.totalCents,
    });
  }
  const buyers = new Set(inRange.map((order) => order.email));
  const before = new Set(paid.filter((o) => o.createdAt.getTime() < start).map((o) => o.email));
  return {
    orders: inRange.length,
    cents,
    averageOrderValue: inRange.length ? Math.round(cents / inRange.length) / 100 : 0,
    byTool: [...perTool]
      .map(([toolId, t]) => ({
        toolId,
        name: names.get(toolId)!,
        quantity: t.quantity,
        revenue: t.cents / 100,
      }))
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
      .slice(0, 10),
    newCustomers: [...buyers].filter((email) => !before.has(email)).length,
    returningCustomers: [...buyers].filter((email) => before.has(email)).length,
  };
}

describe('GET /api/analytics', () => {
  it.each([
    ['the default: the last 90 days', '', daysAgo(89), today],
    [
      'a month by day',
      `from=${daysAgo(30)}&to=${daysAgo(1)}&interval=day`,
      daysAgo(30),
      daysAgo(1),
    ],
    ['half a year by week', `from=${daysAgo(180)}&to=${today}&interval=week`, daysAgo(180), today],
    ['the year by month', `from=${daysAgo(365)}&to=${today}&interval=month`, daysAgo(365), today],
  ])(
    '%s: the figures equal the hand-computed sums and the CSV export’s',
    async (_title, query, from, to) => {
      const { status, body } = await analytics(query);
      expect(status).toBe(200);
      const hand = await byHand(from, to);
      const seriesCents = Math.round(
        body.series.reduce((sum, point) => sum + point.revenue * 100, 0),
      );
      const exported = await exportedPaidCents(from, to);
      expect(hand.orders).toBeGreaterThan(0);
      expect({
        orders: body.series.reduce((sum, point) => sum + point.orders, 0),
        cents: seriesCents,
        averageOrderValue: body.averageOrderValue,
        byTool: body.byTool,
        newCustomers: body.newCustomers,
        returningCustomers: body.returningCustomers,
      }).toEqual(hand);
      expect({ orders: exported.length, cents: exported.reduce((a, b) => a + b, 0) }).toEqual({
        orders: hand.orders,
        cents: hand.cents,
      });
    },
  );

  it('has every day, Monday-started week or month of the range, empty ones as zero', async () => {
    const days = await analytics('from=2020-02-27&to=2020-03-02&interval=day');
    expect(days.body.series).toEqual(
      ['2020-02-27', '2020-02-28', '2020-02-29', '2020-03-01', '2020-03-02'].map((start) => ({
        start,
        orders: 0,
        revenue: 0,
      })),
    );
    const weeks = await analytics('from=2026-11-04&to=2026-11-20&interval=week');
    expect(weeks.body.series.map((point) => point.start)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    const months = await analytics('from=2026-01-31&to=2026-03-01&interval=month');
    expect(months.body.series.map((point) => point.start)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it.each([
    ['to=2026-01-01&from=2026-02-01', 'to', 'to must not be before from'],
    ['from=2020-01-01&to=2026-01-01', 'from', 'The range may be at most three years'],
    ['interval=hour', 'interval', 'interval must be day, week or month'],
    ['from=2026-02-30', 'from', 'from must be a date like 2026-11-24'],
  ])('refuses %s with the field’s message', async (query, field, message) => {
    const { status, body } = await analytics(query);
    expect({ status, message: body.error.fields?.[field] }).toEqual({ status: 400, message });
  });

  it('is read-only: every other method is 405', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      expect((await call(analyticsRoute[method], { method, token: admin.token })).status).toBe(405);
  });
});

describe('the analytics page’s break share and quote conversion', () => {
  it('counts break prices but not an accepted quote’s agreed price, and the share of quotes accepted', async () => {
    const customer = await makeUser();
    const [tool] = await getDb().select().from(tools).limit(1);
    const at = new Date('2019-06-10T12:00:00Z');
    const order = (unitPriceCents: number) => ({
      toolId: tool!.id,
      userId: customer.id,
      productName: tool!.name,
      sku: tool!.sku,
      unitPriceCents,
      quantity: 10,
      totalCents: unitPriceCents * 10,
      email: customer.email,
      userName: customer.name,
      address: '1 Test Street',
      phone: '+1 555 0100',
      paid: true,
      createdAt: at,
    });
    const base = tool!.priceCents;
    await insertOrderLine(order(base));
    await insertOrderLine(order(base - 100));
    // The accepted quote's order, at its agreed price.
    const { checkoutId: quoted } = await insertOrderLine(order(base - 300));
    for (const status of ['accepted', 'declined', 'requested', 'expired'] as const) {
      const answered = status !== 'requested';
      await getDb()
        .insert(quotes)
        .values({
          userId: customer.id,
          status,
          createdAt: at,
          leadTimeDays: answered ? 10 : null,
          validUntil: answered ? at : null,
          checkoutId: status === 'accepted' ? quoted : null,
        });
    }
    const figures = await getSalesAnalytics(actorOf(admin), {
      from: '2019-06-01',
      to: '2019-06-30',
      days: 30,
      interval: 'month',
    });
    const revenue = (base + (base - 100) + (base - 300)) * 10;
    expect(figures.breakPriceShare).toBeCloseTo(((base - 100) * 10) / revenue, 10);
    expect(figures.quoteConversion).toBe(0.25);
    expect(figures.quotesByStatus).toEqual([
      { status: 'requested', quotes: 1 },
      { status: 'answered', quotes: 0 },
      { status: 'accepted', quotes: 1 },
      { status: 'declined', quotes: 1 },
      { status: 'withdrawn', quotes: 0 },
      { status: 'expired', quotes: 1 },
    ]);
  });
});
