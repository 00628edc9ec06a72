import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cartRoute from '@/app/api/cart/route';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as linesRoute from '@/app/api/cart/lines/route';
import * as againRoute from '@/app/api/cart/order-again/route';
import * as orderRoute from '@/app/api/order/route';
import { keepLines, parseQuickOrder } from '@/lib/cart/paste';
import { getDb } from '@/lib/db/client';
import { cartLines, tools } from '@/lib/db/schema';
import type { CartDto, CartLineProblem } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser('customer');
  bob = await makeUser('customer');
});

const BREAKS = [
  { minQuantity: 100, priceCents: 950 },
  { minQuantity: 500, priceCents: 900 },
];
const bulkTool = (overrides: Parameters<typeof makeTool>[0] = {}) =>
  makeTool({
    priceCents: 1000,
    quantity: 10_000,
    minQuantity: 10,
    priceBreaks: BREAKS,
    ...overrides,
  });

const readCart = (user?: TestUser) =>
  call<CartDto & ErrorBody>(cartRoute.GET, { token: user?.token });
const put = (user: TestUser | undefined, toolId: string, quantity: unknown) =>
  call<CartDto & ErrorBody>(lineRoute.PUT, {
    method: 'PUT',
    params: { toolId },
    body: { quantity },
    token: user?.token,
  });
const remove = (user: TestUser | undefined, toolId: string) =>
  call<CartDto & ErrorBody>(lineRoute.DELETE, {
    method: 'DELETE',
    params: { toolId },
    token: user?.token,
  });
const quickOrder = (user: TestUser | undefined, lines: { sku: string; quantity: unknown }[]) =>
  call<{ added: number; problems: CartLineProblem[] } & ErrorBody>(linesRoute.POST, {
    method: 'POST',
    body: { lines },
    token: user?.token,
  });
const clearCart = (user: TestUser) =>
  getDb().delete(cartLines).where(eq(cartLines.userId, user.id));

describe('the cart API', () => {
  it('keeps a signed-out caller apart (a guest cart: tests/guest-cart.test.ts); Order again asks for an account', async () => {
    const tool = await bulkTool();
    await put(alice, tool.id, 20);
    expect((await readCart()).body.lines).toEqual([]);
    expect((await put(undefined, tool.id, 20)).headers.get('set-cookie')).toMatch(
      /^toolhaus-cart=/,
    );
    expect((await readCart(alice)).body.lines).toEqual([expect.objectContaining({ quantity: 20 })]);
    await clearCart(alice);
    const again = await call(againRoute.POST, { method: 'POST', body: { orderId: randomUUID() } });
    expect(again.status).toBe(401);
  });

  // One below, at and one above each threshold.
  it.each([
    [99, 10.0, 0],
    [100, 9.5, 50],
    [101, 9.5, 50.5],
    [499, 9.5, 249.5],
    [500, 9.0, 500],
    [501, 9.0, 501],
  ])(
    'prices %i pieces at the break they reach: $%d each, $%d saved',
    async (quantity, unit, saved) => {
      await clearCart(alice);
      const tool = await bulkTool();
      const { status, body } = await put(alice, tool.id, quantity);
      expect(status).toBe(200);
      expect(body.lines).toEqual([
        expect.objectContaining({
          toolId: tool.id,
          name: tool.name,
          sku: tool.sku,
          quantity,
          unitPrice: unit,
          lineTotal: Math.round(unit * quantity * 100) / 100,
        }),
      ]);
      expect(body.lines[0]!.problem).toBeUndefined();
      expect(body.subtotal).toBe(Math.round(unit * quantity * 100) / 100);
      expect(body.savings).toBe(saved);
    },
  );

  it.each([
    [9, 'You can not order less then minimum quantity'],
    [10_001, 'You can not order more than available quantity'],
    [10.5, 'Order quantity must be a whole number of pieces'],
    ['12', 'Order quantity is Required'],
    [-1, 'You can not order less then minimum quantity'],
  ])(
    'refuses %j pieces with the order form’s “%s” and writes nothing',
    async (quantity, message) => {
      await clearCart(alice);
      const tool = await bulkTool();
      const { status, body } = await put(alice, tool.id, quantity);
      expect(status).toBe(400);
      expect(body.error.message).toBe(message);
      expect((await readCart(alice)).body.lines).toEqual([]);
    },
  );

  it('sets a line, 0 removes it, DELETE removes it, and an unknown tool is a 404', async () => {
    await clearCart(alice);
    const [first, second] = [await bulkTool(), await bulkTool()];
    await put(alice, first.id, 20);
    await put(alice, second.id, 30);
    expect((await put(alice, first.id, 40)).body.lines.map((line) => line.quantity)).toEqual([
      40, 30,
    ]);
    expect((await put(alice, first.id, 0)).body.lines.map((line) => line.toolId)).toEqual([
      second.id,
    ]);
    expect((await remove(alice, second.id)).body.lines).toEqual([]);
    expect((await put(alice, randomUUID(), 20)).status).toBe(404);
    const removed = await bulkTool({ deletedAt: new Date() });
    expect((await put(alice, removed.id, 20)).status).toBe(404);
  });

  it("keeps each account's cart to itself", async () => {
    await clearCart(alice);
    await clearCart(bob);
    const tool = await bulkTool();
    await put(alice, tool.id, 20);
    expect((await readCart(bob)).body.lines).toEqual([]);
    await remove(bob, tool.id);
    await put(bob, tool.id, 50);
    expect((await readCart(alice)).body.lines).toEqual([expect.objectContaining({ quantity: 20 })]);
    expect((await readCart(bob)).body.lines).toEqual([expect.objectContaining({ quantity: 50 })]);
  });

  it('says which lines can no longer be ordered, and leaves them out of the subtotal', async () => {
    await clearCart(alice);
    const [gone, scarce, raised, fine] = await Promise.all([
      bulkTool(),
      bulkTool(),
      bulkTool(),
      bulkTool(),
    ]);
    for (const tool of [gone, scarce, raised, fine]) await put(alice, tool.id, 50);
    await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone.id));
    await getDb().update(tools).set({ quantity: 40 }).where(eq(tools.id, scarce.id));
    await getDb().update(tools).set({ minQuantity: 60 }).where(eq(tools.id, raised.id));
    const { body } = await readCart(alice);
    expect(body.lines.map((line) => line.problem)).toEqual([
      'This tool is no longer sold: remove it from the cart',
      'You can not order more than available quantity (40 pieces left)',
      'You can not order less then minimum quantity (60 pieces)',
      undefined,
    ]);
    expect(body.subtotal).toBe(500);
  });

  it('holds at most 100 lines, also when lines are added at once', async () => {
    await clearCart(bob);
    const many = await Promise.all(Array.from({ length: 103 }, () => bulkTool()));
    await getDb()
      .insert(cartLines)
      .values(many.slice(0, 98).map((tool) => ({ userId: bob.id, toolId: tool.id, quantity: 10 })));
    const racing = await Promise.all(many.slice(98).map((tool) => put(bob, tool.id, 10)));
    expect(racing.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const refused of racing.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('A cart holds at most 100 lines');
    }
    expect((await readCart(bob)).body.lines).toHaveLength(100);
    // A line already in the cart can still change.
    expect((await put(bob, many[0]!.id, 20)).status).toBe(200);
    await clearCart(bob);
  });
});

describe('quick order', () => {
  // prettier-ignore
  const PARSED: [string, string, [string, string, number][]][] = [
    ['commas', 'WR-1, 10\nWR-2,20', [['WR-1', '10', 1], ['WR-2', '20', 2]]],
    ['tabs', 'WR-1\t10\r\nWR-2\t20', [['WR-1', '10', 1], ['WR-2', '20', 2]]],
    ['quotes', '"WR-1","1,000"\n"WR ""2""",5', [['WR-1', '1,000', 1], ['WR "2"', '5', 2]]],
    ['a BOM and a header', '\uFEFFSKU,Quantity\nWR-1,10', [['WR-1', '10', 2]]],
    ['blank lines', '\nWR-1,10\n\n  \nWR-2,20\n', [['WR-1', '10', 2], ['WR-2', '20', 5]]],
    ['a missing quantity', 'WR-1', [['WR-1', '', 1]]],
  ];
  it.each(PARSED)('parses %s', (_, text, expected) => {
    expect(parseQuickOrder(text)).toEqual(
      expected.map(([sku, quantity, line]) => ({ sku, quantity, line })),
    );
  });

  it('parses 1,000 lines', () => {
    const text = Array.from({ length: 1000 }, (_, index) => `SKU-${index}\t${index + 1}`).join(
      '\n',
    );
    const parsed = parseQuickOrder(text);
    expect(parsed).toHaveLength(1000);
    expect(parsed[999]).toEqual({ line: 1000, sku: 'SKU-999', quantity: '1000' });
  });

  it('adds the valid lines and says why each other line was refused', async () => {
    await clearCart(alice);
    const [wrench, bits] = [await bulkTool({ quantity: 300 }), await bulkTool()];
    const { status, body } = await quickOrder(alice, [
      { sku: wrench.sku.toLowerCase(), quantity: '100' },
      { sku: 'NO-SUCH-SKU', quantity: '10' },
      { sku: bits.sku, quantity: '5' },
      { sku: wrench.sku, quantity: '500' },
      { sku: bits.sku, quantity: 'ten' },
      { sku: bits.sku, quantity: '1,000' },
      { sku: wrench.sku, quantity: 150 },
    ]);
    expect(status).toBe(200);
    expect(body.added).toBe(3);
    expect(body.problems).toEqual([
      { line: 2, sku: 'NO-SUCH-SKU', message: 'NO-SUCH-SKU: Unknown SKU' },
      {
        line: 3,
        sku: bits.sku,
        message: `${bits.sku}: You can not order less then minimum quantity (10 pieces)`,
      },
      {
        line: 4,
        sku: wrench.sku,
        message: `${wrench.sku}: You can not order more than available quantity (300 pieces left)`,
      },
      { line: 5, sku: bits.sku, message: `${bits.sku}: Quantity is not a number` },
    ]);
    const cart = (await readCart(alice)).body.lines;
    expect(cart.map((line) => [line.sku, line.quantity]).sort()).toEqual([
      [wrench.sku, 250],
      [bits.sku, 1000],
    ]);
  });

  it('leaves only the refused lines to send again, so fixing one never adds the others twice', async () => {
    await clearCart(alice);
    const [wrench, bits] = [await bulkTool({ minQuantity: 200 }), await bulkTool()];
    let box = `SKU, Qty\n${wrench.sku}, 50\n\n${bits.sku}, 30\n, 5`;
    const send = async () => {
      const lines = parseQuickOrder(box);
      const { status, body } = await quickOrder(alice, lines);
      expect(status).toBe(200);
      box = keepLines(
        box,
        body.problems.map((problem) => lines[problem.line! - 1]!.line),
      );
      return body;
    };

    const first = await send();
    expect(first.added).toBe(1);
    expect(first.problems.map((problem) => problem.message)).toEqual([
      `${wrench.sku}: You can not order less then minimum quantity (200 pieces)`,
      'SKU is missing',
    ]);
    expect(box).toBe(`${wrench.sku}, 50\n, 5`);

    // The buyer fixes the wrench's quantity, drops the empty line and sends the box again, twice.
    box = box.replace(', 50', ', 250').replace('\n, 5', '');
    expect(await send()).toEqual({ added: 1, problems: [] });
    expect(box).toBe('');
    const cart = (await readCart(alice)).body.lines;
    expect(cart.map((line) => [line.sku, line.quantity]).sort()).toEqual(
      [
        [wrench.sku, 250],
        [bits.sku, 30],
      ].sort(),
    );
  });

  it('takes 1,000 lines in one call', async () => {
    await clearCart(alice);
    const tool = await bulkTool({ quantity: 1_000_000 });
    const { status, body } = await quickOrder(
      alice,
      Array.from({ length: 1000 }, () => ({ sku: tool.sku, quantity: '10' })),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ added: 1000, problems: [] });
    expect((await readCart(alice)).body.lines).toEqual([
      expect.objectContaining({ quantity: 10_000 }),
    ]);
    const tooMany = await quickOrder(
      alice,
      Array.from({ length: 1001 }, () => ({ sku: 'A', quantity: 1 })),
    );
    expect(tooMany.status).toBe(400);
  });
});

describe('order again', () => {
  it("puts the order's tool and quantity in the cart at today's price, or says why not", async () => {
    await clearCart(alice);
    const tool = await bulkTool();
    const placed = await call<{ insertedId: string }>(orderRoute.POST, {
      method: 'POST',
      body: { toolId: tool.id, quantity: 120, address: 'A', phone: '1' },
      token: alice.token,
    });
    await getDb()
      .update(tools)
      .set({ priceBreaks: [{ minQuantity: 100, priceCents: 700 }] })
      .where(eq(tools.id, tool.id));
    const again = (body: unknown, user = alice) =>
      call<{ added: number; problems: (CartLineProblem & { name: string })[] } & ErrorBody>(
        againRoute.POST,
        {
          method: 'POST',
          body,
          token: user.token,
        },
      );
    expect((await again({ orderId: placed.body.insertedId })).body).toEqual({
      added: 1,
      problems: [],
    });
    expect((await readCart(alice)).body.lines).toEqual([
      expect.objectContaining({ toolId: tool.id, quantity: 120, unitPrice: 7 }),
    ]);
    expect((await again({ orderId: placed.body.insertedId }, bob)).status).toBe(404);
    await getDb()
      .update(tools)
      .set({ quantity: sql`100` })
      .where(eq(tools.id, tool.id));
    await clearCart(alice);
    expect((await again({ orderId: placed.body.insertedId })).body).toEqual({
      added: 0,
      problems: [
        {
          toolId: tool.id,
          name: tool.name,
          message: 'You can not order more than available quantity (100 pieces left)',
        },
      ],
    });
  });
});
