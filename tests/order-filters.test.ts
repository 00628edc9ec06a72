import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as exportRoute from '@/app/api/order/export/route';
import * as ordersRoute from '@/app/api/order/route';
import { csvLine } from '@/lib/csv';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { placeOrder } from '@/lib/orders/placement';
import type { OrderDto } from '@/lib/types';
import { actorOf, call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const placed: Record<string, { id: string; number: number }> = {};

async function order(user: TestUser, label: string, address = '1 Main St') {
  const tool = await makeTool({
    name: `Tool ${label}`,
    priceCents: 123450,
    quantity: 50,
    minQuantity: 1,
  });
  const { insertedId, number } = await placeOrder(actorOf(user), {
    toolId: tool.id,
    quantity: 2,
    address,
    phone: '+1 555 0100',
  });
  placed[label] = { id: insertedId, number };
}

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice');
  bob = await makeUser('customer', 'Bob');
  await order(alice, 'unpaid');
  await order(alice, 'paid', '=HYPERLINK("http://evil.example")');
  await order(bob, 'shipped');
  await order(bob, 'old');
  const set = (label: string, values: PgUpdateSetSource<typeof orders>) =>
    getDb().update(orders).set(values).where(eq(orders.id, placed[label]!.id));
  await set('paid', { paid: true, transactionId: 'pi_paid', paidAt: new Date() });
  await set('shipped', {
    paid: true,
    shippedQuantity: sql`${orders.quantity}`,
    transactionId: 'pi_shipped',
  });
  await set('old', { createdAt: new Date('2020-01-15T12:00:00Z') });
});

const list = async (query: string, token = admin.token) =>
  call<OrderDto[] & ErrorBody>(ordersRoute.GET, { path: `/api/order?${query}`, token });
const ids = (body: OrderDto[]) => body.map((order) => order._id).sort();
const idsOf = (...labels: string[]) => labels.map((label) => placed[label]!.id).sort();

describe('All Orders filters (GET /api/order)', () => {
  it('filters by status: unpaid, paid and waiting to ship, shipped', async () => {
    expect(ids((await list('status=unpaid')).body)).toEqual(idsOf('unpaid', 'old'));
    expect(ids((await list('status=to-ship')).body)).toEqual(idsOf('paid'));
    const shipped = await list('status=shipped');
    expect(ids(shipped.body)).toEqual(idsOf('shipped'));
    expect(shipped.headers.get('x-total-count')).toBe('1');
  });

  it('finds an order by its number (with or without #) and orders by part of an email', async () => {
    const { number } = placed.paid!;
    expect(ids((await list(`q=${encodeURIComponent(`#${number}`)}`)).body)).toEqual(idsOf('paid'));
    expect(ids((await list(`q=${number}`)).body)).toEqual(idsOf('paid'));
    expect(ids((await list(`q=${bob.email.slice(0, 12).toUpperCase()}`)).body)).toEqual(
      idsOf('shipped', 'old'),
    );
    expect((await list('q=%25')).body).toEqual([]);
  });

  it('filters by the day an order was placed (UTC), both ends included', async () => {
    expect(ids((await list('from=2020-01-15&to=2020-01-15')).body)).toEqual(idsOf('old'));
    expect(ids((await list('to=2020-12-31')).body)).toEqual(idsOf('old'));
  });

  it.each([
    ['status=lost', 'status', 'status must be awaiting-approval, unpaid, to-ship or shipped'],
    ['from=yesterday', 'from', 'from must be a date like 2026-11-24'],
    ['from=2026-02-30', 'from', 'from must be a date like 2026-11-24'],
    ['from=2026-05-02&to=2026-05-01', 'to', 'to must not be before from'],
  ])('refuses %s with the field message', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error.fields?.[field]).toBe(message);
  });
});

describe('Export CSV (GET /api/order/export)', () => {
  const exported = (query: string, token?: string) =>
    call<ErrorBody>(exportRoute.GET, { path: `/api/order/export?${query}`, token }).catch(
      () => undefined,
    );

  async function csv(query: string): Promise<string[]> {
    const request = new Request(`http://localhost/api/order/export?${query}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const response = await exportRoute.GET(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-/);
    return (await response.text()).trimEnd().split('\r\n');
  }

  it('writes a header and one line per order of the filter, money as decimals', async () => {
    const [header, ...lines] = await csv('status=to-ship');
    expect(header).toBe(
      'order,placed_at,status,customer,email,product,unit_price_usd,quantity,total_usd,paid_at,transaction_id,address,phone',
    );
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.startsWith(`${placed.paid!.number},`)).toBe(true);
    expect(line).toContain(',paid,Alice,');
    expect(line).toContain(',1234.50,2,2469.00,');
    // A cell that a spreadsheet would run as a formula is written as text.
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('exports every order, newest number first, without a filter', async () => {
    const [, ...lines] = await csv('');
    const numbers = lines.map((line) => Number(line.split(',')[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 400 for a bad filter', async () => {
    expect((await exported('status=lost', admin.token))?.status).toBe(400);
  });
});

describe('csvLine', () => {
  it('quotes what needs quoting and leaves the rest', () => {
    expect(csvLine(['plain', 12, null, 'a,b', 'say "hi"', 'two\nlines', '+1 555'])).toBe(
      'plain,12,,"a,b","say ""hi""","two\nlines",\'+1 555\r\n',
    );
  });
});
