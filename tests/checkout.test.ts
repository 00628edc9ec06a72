import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as linesRoute from '@/app/api/cart/lines/route';
import * as cartRoute from '@/app/api/cart/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as ordersRoute from '@/app/api/order/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import { getDb } from '@/lib/db/client';
import { checkouts, mailOutbox, orders, tools } from '@/lib/db/schema';
import type { CartDto, OrderDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
  bob = await makeUser('customer');
});

interface Placed {
  checkoutId: string;
  number: number;
  orderIds: string[];
  total: number;
}
type Refused = ErrorBody & { lines: { toolId: string; message: string }[] };

const BREAKS = [{ minQuantity: 100, priceCents: 900 }];
const bulkTool = (overrides: Parameters<typeof makeTool>[0] = {}) =>
  makeTool({
    priceCents: 1000,
    quantity: 10_000,
    minQuantity: 10,
    priceBreaks: BREAKS,
    ...overrides,
  });

const put = (user: TestUser, toolId: string, quantity: number) =>
  call<CartDto & ErrorBody>(lineRoute.PUT, {
    method: 'PUT',
    params: { toolId },
    body: { quantity },
    token: user.token,
  });
const checkout = (user: TestUser | undefined, body: Record<string, unknown>, key?: string) =>
  call<Placed & Refused>(checkoutRoute.POST, {
    method: 'POST',
    body,
    token: user?.token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const stockOf = async (id: string) =>
  (await getDb().select().from(tools).where(eq(tools.id, id)))[0]!.quantity;
const ordersOf = (checkoutId: string) =>
  getDb().select().from(orders).where(eq(orders.checkoutId, checkoutId));
const cartOf = async (user: TestUser) =>
  (await call<CartDto>(cartRoute.GET, { token: user.token })).body.lines;
const ADDRESS = { address: '1 Dock Rd', phone: '+1 555 0100' };

describe('POST /api/checkout', () => {
  it('places every line as an order at its break price, under one number, and empties the cart', async () => {
    const [below, at, above] = [await bulkTool(), await bulkTool(), await bulkTool()];
    await put(alice, below.id, 99);
    await put(alice, at.id, 100);
    await put(alice, above.id, 101);
    const { status, body } = await checkout(alice, {
      ...ADDRESS,
      poNumber: 'PO-2026-0042',
      // Sent by a tampering client; all ignored.
      total: 0.01,
      price: 0.01,
      lines: [{ toolId: below.id, unitPrice: 0.01 }],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ number: expect.any(Number), total: 990 + 900 + 909 });
    const placed = await ordersOf(body.checkoutId);
    expect(placed.map((order) => order.id).sort()).toEqual([...body.orderIds].sort());
    expect(
      placed
        .map((order) => [order.toolId, order.unitPriceCents, order.quantity, order.totalCents])
        .sort(),
    ).toEqual(
      [
        [below.id, 1000, 99, 99_000],
        [at.id, 900, 100, 90_000],
        [above.id, 900, 101, 90_900],
      ].sort(),
    );
    for (const order of placed) {
      expect(order).toMatchObject({
        checkoutNumber: body.number,
        poNumber: 'PO-2026-0042',
        email: alice.email,
        userName: 'Alice Buyer',
        address: '1 Dock Rd',
        paid: false,
      });
    }
    expect(await stockOf(at.id)).toBe(9900);
    expect(await cartOf(alice)).toEqual([]);
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'checkout_placed'));
    const mine = mails.filter((mail) => mail.data.checkoutId === body.checkoutId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({ poNumber: 'PO-2026-0042', totalCents: 279_900 });
    expect(mine[0]!.data.lines).toHaveLength(3);
    // Every original call keeps working: the lines are orders of their own.
    const mine2 = await call<OrderDto[]>(orderByKey.GET, {
      params: { key: alice.email },
      token: alice.token,
    });
    expect(mine2.body.filter((order) => order.checkoutId === body.checkoutId)).toHaveLength(3);
  });

  it('refuses signed-out callers, an empty cart and bad input', async () => {
    expect((await checkout(undefined, ADDRESS)).status).toBe(401);
    const newcomer = await makeUser();
    const empty = await checkout(newcomer, ADDRESS);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Your cart is empty');
    const tool = await bulkTool();
    await put(newcomer, tool.id, 10);
    for (const [body, message] of [
      [{ ...ADDRESS, address: '' }, 'Address is Required'],
      [{ ...ADDRESS, phone: '' }, 'Phone Number is Required'],
      [{ ...ADDRESS, poNumber: 'x'.repeat(36) }, 'PO number must be at most 35 characters'],
    ] as const) {
      const answer = await checkout(newcomer, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe(message);
    }
    expect(await cartOf(newcomer)).toHaveLength(1);
  });

  it('writes nothing and answers 409 with each refused line when one line can not be ordered', async () => {
    const buyer = await makeUser();
    const [fine, scarce, gone] = [await bulkTool(), await bulkTool(), await bulkTool()];
    await put(buyer, fine.id, 50);
    await put(buyer, scarce.id, 50);
    await put(buyer, gone.id, 50);
    await getDb().update(tools).set({ quantity: 20 }).where(eq(tools.id, scarce.id));
    await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone.id));
    const { status, body } = await checkout(buyer, ADDRESS);
    expect(status).toBe(409);
    expect(body.lines).toEqual(
      expect.arrayContaining([
        {
          toolId: scarce.id,
          message: 'You can not order more than available quantity (20 pieces left)',
        },
        { toolId: gone.id, message: 'This tool is no longer sold: remove it from the cart' },
      ]),
    );
    expect(body.lines).toHaveLength(2);
    expect(await stockOf(fine.id)).toBe(10_000);
    expect(await getDb().select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect(await cartOf(buyer)).toHaveLength(3);
  });

  it('answers a retried request with the same Idempotency-Key once', async () => {
    const buyer = await makeUser();
    const tool = await bulkTool();
    await put(buyer, tool.id, 10);
    const [first, second] = await Promise.all([
      checkout(buyer, ADDRESS, 'checkout-key-1'),
      checkout(buyer, ADDRESS, 'checkout-key-1'),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const third = await checkout(buyer, ADDRESS, 'checkout-key-1');
    expect(third.body).toEqual(first.body);
    expect(third.headers.get('Idempotent-Replayed')).toBe('true');
    expect(
      await getDb().select().from(checkouts).where(eq(checkouts.userId, buyer.id)),
    ).toHaveLength(1);
    expect(await stockOf(tool.id)).toBe(9990);
  });

  it('is all or nothing under 30 concurrent checkouts of overlapping carts against scarce stock', async () => {
    const scarce = await Promise.all(
      [0, 1, 2].map(() => bulkTool({ quantity: 100, minQuantity: 1 })),
    );
    const buyers = await Promise.all(Array.from({ length: 30 }, () => makeUser()));
    // Each buyer wants 10 pieces of two of the three tools: room for 10 per tool, 15 checkouts at most.
    await Promise.all(
      buyers.map(async (buyer, index) => {
        await put(buyer, scarce[index % 3]!.id, 10);
        await put(buyer, scarce[(index + 1) % 3]!.id, 10);
      }),
    );
    const started = performance.now();
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer, ADDRESS)));
    console.info(
      `30 concurrent checkouts answered in ${Math.round(performance.now() - started)} ms`,
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.lines.length).toBeGreaterThan(0);
    }
    const stock = await Promise.all(scarce.map((tool) => stockOf(tool.id)));
    for (const left of stock) expect(left).toBeGreaterThanOrEqual(0);
    const rows = await getDb()
      .select()
      .from(orders)
      .where(
        inArray(
          orders.toolId,
          scarce.map((tool) => tool.id),
        ),
      );
    // Every acknowledged checkout stored whole, every refused one nothing.
    expect(rows).toHaveLength(placed.length * 2);
    for (const answer of placed) {
      expect(rows.filter((order) => order.checkoutId === answer.body.checkoutId)).toHaveLength(2);
    }
    buyers.forEach((buyer, index) => {
      const mine = rows.filter((order) => order.userId === buyer.id);
      expect(mine).toHaveLength(answers[index]!.status === 201 ? 2 : 0);
    });
    // Stock taken is exactly what the stored orders hold.
    scarce.forEach((tool, index) => {
      const sold = rows
        .filter((order) => order.toolId === tool.id)
        .reduce((sum, order) => sum + order.quantity, 0);
      expect(stock[index]).toBe(100 - sold);
    });
  });
});

describe('checkouts beside cart edits', () => {
  it('neither waits on the other in a cycle: carts filled while others check out the same tools', async () => {
    const shared = await Promise.all([0, 1, 2, 3, 4].map(() => bulkTool({ minQuantity: 1 })));
    const buyers = await Promise.all(Array.from({ length: 20 }, () => makeUser()));
    // Half the buyers hold the tools in their carts, in every order; the other half fill theirs meanwhile.
    await Promise.all(
      buyers.slice(0, 10).map(async (buyer, index) => {
        for (const tool of [...shared.slice(index % 5), ...shared.slice(0, index % 5)]) {
          await put(buyer, tool.id, 1);
        }
      }),
    );
    const answers = await Promise.all([
      ...buyers.slice(0, 10).map((buyer) => checkout(buyer, ADDRESS)),
      ...buyers.slice(10).map((buyer) =>
        call(linesRoute.POST, {
          method: 'POST',
          body: { lines: [...shared].reverse().map((tool) => ({ sku: tool.sku, quantity: 1 })) },
          token: buyer.token,
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(10).fill(201),
      ...Array<number>(10).fill(200),
    ]);
  });
});

describe('one payment for a checkout', () => {
  async function placed(user: TestUser) {
    const [first, second] = [await bulkTool(), await bulkTool()];
    await put(user, first.id, 20);
    await put(user, second.id, 150);
    return (await checkout(user, { ...ADDRESS, poNumber: 'PO-7' })).body;
  }
  const intent = (user: TestUser, body: Record<string, unknown>) =>
    call<{ clientSecret: string; amount: number } & ErrorBody>(intentRoute.POST, {
      method: 'POST',
      body,
      token: user.token,
    });
  const pay = (user: TestUser, clientSecret: string, cardNumber: string) =>
    call<{ id: string } & ErrorBody>(confirmRoute.POST, {
      method: 'POST',
      body: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
      token: user.token,
    });
  const record = (user: TestUser, id: string, transactionId: string) =>
    call<{ modifiedCount: number } & ErrorBody>(oneCheckout.PATCH, {
      method: 'PATCH',
      params: { id },
      body: { transactionId },
      token: user.token,
    });

  it('one intent for the total marks every order paid with the same transaction id', async () => {
    const done = await placed(alice);
    const started = await intent(alice, { checkoutId: done.checkoutId });
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe(20 * 1000 + 150 * 900);
    expect((await intent(bob, { checkoutId: done.checkoutId })).status).toBe(404);
    // A line names its order: the REST contract's payment page pays the whole order, with the same intent.
    const single = await intent(alice, { orderId: done.orderIds[0] });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({
      clientSecret: started.body.clientSecret,
      amount: started.body.amount,
    });
    const charged = await pay(alice, started.body.clientSecret, '4242 4242 4242 4242');
    expect(charged.status).toBe(200);
    expect((await record(alice, done.checkoutId, charged.body.id)).body.modifiedCount).toBe(2);
    expect((await record(alice, done.checkoutId, charged.body.id)).body.modifiedCount).toBe(0);
    const rows = await ordersOf(done.checkoutId);
    expect(rows.map((order) => [order.paid, order.transactionId])).toEqual([
      [true, charged.body.id],
      [true, charged.body.id],
    ]);
    const view = await call<{ paid: boolean; orders: OrderDto[] }>(oneCheckout.GET, {
      params: { id: done.checkoutId },
      token: alice.token,
    });
    expect(view.body.paid).toBe(true);
    expect(
      (await call(oneCheckout.GET, { params: { id: done.checkoutId }, token: bob.token })).status,
    ).toBe(404);
    const receipts = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'checkout_paid'));
    expect(receipts.filter((mail) => mail.data.checkoutId === done.checkoutId)).toHaveLength(1);
  });

  it('a declined card marks none paid', async () => {
    const done = await placed(alice);
    const started = await intent(alice, { checkoutId: done.checkoutId });
    const declined = await pay(alice, started.body.clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await ordersOf(done.checkoutId)).every((order) => !order.paid)).toBe(true);
  });

  it('cancelling one unpaid order cancels the whole checkout and puts all its stock back', async () => {
    const [first, second] = [await bulkTool(), await bulkTool()];
    await put(bob, first.id, 20);
    await put(bob, second.id, 30);
    const done = (await checkout(bob, ADDRESS)).body;
    await intent(bob, { checkoutId: done.checkoutId });
    const cancelled = await call<{ deletedCount: number }>(orderByKey.DELETE, {
      method: 'DELETE',
      params: { key: done.orderIds[0]! },
      token: bob.token,
    });
    expect(cancelled.body).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(await ordersOf(done.checkoutId)).toEqual([]);
    expect(await getDb().select().from(checkouts).where(eq(checkouts.id, done.checkoutId))).toEqual(
      [],
    );
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([10_000, 10_000]);
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'checkout_cancelled'));
    expect(mails.filter((mail) => mail.data.checkoutId === done.checkoutId)).toHaveLength(1);
  });
});

describe('All Orders', () => {
  it('filters by checkout number and by PO number', async () => {
    const buyer = await makeUser();
    const tool = await bulkTool();
    await put(buyer, tool.id, 10);
    const done = (await checkout(buyer, { ...ADDRESS, poNumber: 'ACME-PO-99812' })).body;
    const list = (q: string) =>
      call<OrderDto[]>(ordersRoute.GET, {
        path: `/api/order?q=${encodeURIComponent(q)}`,
        token: admin.token,
      });
    for (const q of [`C-${done.number}`, 'acme-po-998']) {
      const { body } = await list(q);
      expect(body.map((order) => order.checkoutId)).toEqual([done.checkoutId]);
      expect(body[0]).toMatchObject({ checkoutNumber: done.number, poNumber: 'ACME-PO-99812' });
    }
  });
});
