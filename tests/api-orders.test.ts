import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as ordersRoute from '@/app/api/order/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import { issueAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { orders, tools, users } from '@/lib/db/schema';
import type { OrderDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { cancelOrder } from './order-steps';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
  bob = await makeUser('customer', 'Bob Other');
});

const stockOf = async (id: string) =>
  (await getDb().select().from(tools).where(eq(tools.id, id)))[0]!.quantity;

async function order(user: TestUser | undefined, body: Record<string, unknown>) {
  return call<{ insertedId: string; number: number } & ErrorBody>(ordersRoute.POST, {
    method: 'POST',
    body,
    token: user?.token,
  });
}
/** A placed order's id (address and phone are beside the point here). */
const place = async (user: TestUser, toolId: string, quantity = 10) =>
  (await order(user, { toolId, quantity, address: 'A', phone: '1' })).body.insertedId;
const markPaid = (id: string) =>
  getDb()
    .update(orders)
    .set({ paid: true, transactionId: `pi_${randomUUID()}` })
    .where(eq(orders.id, id));

describe('POST /api/order', () => {
  it('derives name, prices, total, email and userName on the server and takes the stock', async () => {
    const tool = await makeTool({ priceCents: 250, quantity: 100, minQuantity: 10 });
    const { status, body } = await order(alice, {
      toolId: tool.id,
      quantity: 12,
      address: '1 Main St',
      phone: '+1 555 0100',
      // Sent by the old client; all ignored.
      name: 'Free stuff',
      price: 0.01,
      total: 0.12,
      email: bob.email,
      userName: 'Mallory',
      paid: true,
    });
    expect(status).toBe(201);
    const [row] = await getDb().select().from(orders).where(eq(orders.id, body.insertedId));
    expect(row).toMatchObject({
      productName: tool.name,
      unitPriceCents: 250,
      quantity: 12,
      totalCents: 3000,
      email: alice.email,
      userName: 'Alice Buyer',
      paid: false,
      shipped: false,
    });
    expect(await stockOf(tool.id)).toBe(88);
  });

  it.each([
    [{ quantity: 9 }, 'You can not order less then minimum quantity'],
    [{ quantity: 101 }, 'You can not order more than available quantity'],
    [{ quantity: 10.5 }, 'Order quantity must be a whole number of pieces'],
    [{ quantity: '12' }, 'Order quantity is Required'],
    [{ quantity: undefined }, 'Order quantity is Required'],
    [{ address: '' }, 'Address is Required'],
    [{ phone: '' }, 'Phone Number is Required'],
  ])('refuses %j with “%s” and writes nothing', async (change, message) => {
    const tool = await makeTool({ quantity: 100, minQuantity: 10 });
    const before = (await getDb().select().from(orders)).length;
    const { status, body } = await order(alice, {
      toolId: tool.id,
      quantity: 20,
      address: 'A',
      phone: '1',
      ...change,
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect((await getDb().select().from(orders)).length).toBe(before);
    expect(await stockOf(tool.id)).toBe(100);
  });

  it('refuses unknown tools', async () => {
    expect(
      (await order(alice, { toolId: randomUUID(), quantity: 10, address: 'A', phone: '1' })).status,
    ).toBe(400);
  });

  it('refuses a removed account whose token has not expired, and takes no stock', async () => {
    const tool = await makeTool({ quantity: 100 });
    const gone = await makeUser();
    await getDb().delete(users).where(eq(users.id, gone.id));
    expect(
      (await order(gone, { toolId: tool.id, quantity: 10, address: 'A', phone: '1' })).status,
    ).toBe(401);
    expect(await stockOf(tool.id)).toBe(100);
  });

  it('100 simultaneous one-piece orders from several users against a stock of 30 acknowledge exactly 30', async () => {
    const tool = await makeTool({ quantity: 30, minQuantity: 1 });
    const buyers = [alice, bob, ...(await Promise.all([makeUser(), makeUser(), makeUser()]))];
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        order(buyers[index % buyers.length], {
          toolId: tool.id,
          quantity: 1,
          address: 'A',
          phone: '1',
        }),
      ),
    );
    console.info(`100 concurrent orders answered in ${Math.round(performance.now() - started)} ms`);
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(30);
    // Refused as out of stock: 409 when the stock ran out between the check and the write, else the form's 400.
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect([400, 409]).toContain(refused.status);
      if (refused.status === 400)
        expect(refused.body.error.message).toBe('You can not order more than available quantity');
    }
    expect(await stockOf(tool.id)).toBe(0);
    const placed = await getDb().select().from(orders).where(eq(orders.toolId, tool.id));
    expect(placed.map((o) => o.id).sort()).toEqual(accepted.map((r) => r.body.insertedId).sort());
  });

  it('never oversells under concurrent orders', async () => {
    const tool = await makeTool({ quantity: 50, minQuantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        order(alice, { toolId: tool.id, quantity: 10, address: 'A', phone: '1' }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(5);
    expect(
      results.filter((r) => r.status !== 201).every((r) => r.status === 409 || r.status === 400),
    ).toBe(true);
    expect(await stockOf(tool.id)).toBe(0);
    const placed = await getDb().select().from(orders).where(eq(orders.toolId, tool.id));
    expect(placed.map((o) => o.id).sort()).toEqual(accepted.map((r) => r.body.insertedId).sort());
  });
});

describe('reading orders', () => {
  let orderId: string;

  beforeAll(async () => {
    const tool = await makeTool();
    orderId = await place(alice, tool.id);
  });

  it("GET /api/order/{email}: the user's own orders only", async () => {
    const own = await call<OrderDto[]>(orderByKey.GET, {
      params: { key: alice.email },
      token: alice.token,
    });
    expect(own.body.every((o) => o.email === alice.email)).toBe(true);
    expect(own.body.some((o) => o._id === orderId)).toBe(true);
  });

  it('GET /api/order/{email}: an empty list, any letter case, and nothing for a removed account', async () => {
    const newcomer = await makeUser();
    const get = (key: string, token: string) =>
      call<OrderDto[]>(orderByKey.GET, { params: { key }, token });
    expect(await get(newcomer.email, newcomer.token)).toMatchObject({ status: 200, body: [] });
    const shouted = await get(alice.email.toUpperCase(), alice.token);
    expect(shouted.body.some((o) => o._id === orderId)).toBe(true);
    await getDb().delete(users).where(eq(users.id, newcomer.id));
    expect((await get(newcomer.email, newcomer.token)).status).toBe(401);
  });

  it("a new account with a removed customer's email does not get that customer's orders", async () => {
    const customer = await makeUser();
    const tool = await makeTool({ minQuantity: 1 });
    const paidId = await place(customer, tool.id, 1);
    // Paid orders stay when their account is removed (shipping, the books).
    await markPaid(paidId);
    await getDb().delete(users).where(eq(users.id, customer.id));
    const [reopened] = await getDb()
      .insert(users)
      .values({ name: 'Someone Else', email: customer.email })
      .returning();
    const token = await issueAccessToken(reopened!.id, customer.email, 0);
    const list = await call<OrderDto[]>(orderByKey.GET, { params: { key: customer.email }, token });
    expect(list).toMatchObject({ status: 200, body: [] });
    expect((await call(oneOrder.GET, { params: { id: paidId }, token })).status).toBe(403);
    const adminView = await call<OrderDto[]>(orderByKey.GET, {
      params: { key: customer.email },
      token: admin.token,
    });
    expect(adminView.body.map((o) => o._id)).toEqual([paidId]);
  });

  it('GET /api/order/{email}: one page at a time, newest first', async () => {
    const buyer = await makeUser();
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    for (let i = 0; i < 5; i += 1) {
      await place(buyer, tool.id, 1 + i);
    }
    const get = (query: string, token = buyer.token) =>
      call<OrderDto[]>(orderByKey.GET, {
        path: `/api/order/${encodeURIComponent(buyer.email)}?${query}`,
        params: { key: buyer.email },
        token,
      });
    const first = await get('page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((o) => o.quantity)).toEqual([5, 4]);
    expect((await get('page=3&limit=2')).body.map((o) => o.quantity)).toEqual([1]);
    expect(await get('page=9&limit=2')).toMatchObject({ status: 200, body: [] });
    expect((await get('')).body).toHaveLength(5);
    expect((await get('page=9&limit=2', bob.token)).status).toBe(403);
    expect((await get('page=2&limit=2', admin.token)).body.map((o) => o.quantity)).toEqual([3, 2]);
    expect((await get('limit=201')).status).toBe(400);
    expect((await get('page=0')).status).toBe(400);
  });

  it('numbers orders: a short number in the POST answer and every read, each one new and increasing', async () => {
    const buyer = await makeUser();
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    const placed = [];
    for (let i = 0; i < 3; i += 1)
      placed.push(
        (await order(buyer, { toolId: tool.id, quantity: 1, address: 'A', phone: '1' })).body,
      );
    const numbers = placed.map((p) => p.number);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1001)).toBe(true);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(3);
    const read = await call<OrderDto>(oneOrder.GET, {
      params: { id: placed[0]!.insertedId },
      token: buyer.token,
    });
    expect(read.body.number).toBe(numbers[0]);
    const list = await call<OrderDto[]>(orderByKey.GET, {
      path: `/api/order/${encodeURIComponent(buyer.email)}`,
      params: { key: buyer.email },
      token: buyer.token,
    });
    expect(list.body.map((o) => o.number)).toEqual([...numbers].reverse());
  });

  it('GET /api/orders/{id}: the order, 404 for an unknown id', async () => {
    const get = (token?: string, id = orderId) =>
      call<OrderDto>(oneOrder.GET, { params: { id }, token });
    expect((await get(alice.token)).body._id).toBe(orderId);
    expect((await get(alice.token, 'nope')).status).toBe(404);
  });

  it('GET /api/order: newest first, paginated with a cap', async () => {
    const page = await call<OrderDto[]>(ordersRoute.GET, {
      path: '/api/order?limit=2&page=1',
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(page.body[0]!.createdAt >= page.body[1]!.createdAt).toBe(true);
    expect(
      (await call(ordersRoute.GET, { path: '/api/order?limit=201', token: admin.token })).status,
    ).toBe(400);
    expect(
      (await call(ordersRoute.GET, { path: '/api/order?page=abc', token: admin.token })).status,
    ).toBe(400);
  });

  it('GET /api/order: X-Total-Count follows orders placed and cancelled at once', async () => {
    const total = async () =>
      Number(
        (
          await call(ordersRoute.GET, { path: '/api/order?limit=1', token: admin.token })
        ).headers.get('x-total-count'),
      );
    const before = await total();
    const tool = await makeTool({ quantity: 5, minQuantity: 1 });
    const insertedId = await place(alice, tool.id, 1);
    expect(await total()).toBe(before + 1);
    await cancelOrder(alice, insertedId);
    expect(await total()).toBe(before);
  });
});

describe('DELETE /api/order/{id} and PUT /api/order/shipped/{id}', () => {
  it('cancels an unpaid order for its owner and puts the stock back', async () => {
    const tool = await makeTool({ quantity: 30, minQuantity: 10 });
    const insertedId = await place(alice, tool.id);
    expect(await stockOf(tool.id)).toBe(20);
    expect((await cancelOrder(alice, insertedId)).body.deletedCount).toBe(1);
    expect(await stockOf(tool.id)).toBe(30);
    expect((await cancelOrder(alice, insertedId)).status).toBe(404);
  });

  it('refuses to cancel a paid order (409) and ships only paid orders, admin only', async () => {
    const tool = await makeTool();
    const insertedId = await place(alice, tool.id);
    const ship = (token?: string) =>
      call(shippedRoute.PUT, { method: 'PUT', params: { id: insertedId }, token });
    expect((await ship(admin.token)).status).toBe(409);
    await markPaid(insertedId);
    expect((await cancelOrder(alice, insertedId)).status).toBe(409);
    expect((await cancelOrder(admin, insertedId)).status).toBe(409);
    const shipped = await ship(admin.token);
    expect(shipped.status).toBe(200);
    const [row] = await getDb().select().from(orders).where(eq(orders.id, insertedId));
    expect(row?.shipped).toBe(true);
  });

  it('lets an admin cancel any unpaid order', async () => {
    const tool = await makeTool();
    expect((await cancelOrder(admin, await place(bob, tool.id))).status).toBe(200);
  });
});
