import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cartRoute from '@/app/api/cart/route';
import * as cartLine from '@/app/api/cart/[toolId]/route';
import * as listToCart from '@/app/api/lists/[id]/cart/route';
import * as listLinesRoute from '@/app/api/lists/[id]/lines/route';
import * as oneList from '@/app/api/lists/[id]/route';
import * as listsRoute from '@/app/api/lists/route';
import { getDb } from '@/lib/db/client';
import { cartLines, listLines, lists, tools } from '@/lib/db/schema';
import type { CartDto, CartLineProblem, ListDto, ListSummaryDto } from '@/lib/types';
import { MAX_LISTS } from '@/lib/validation/lists';
import {
  call,
  insertOrderLine,
  makeTool,
  makeUser,
  type ErrorBody,
  type TestUser,
} from './helpers';

type Tool = Awaited<ReturnType<typeof makeTool>>;
let buyer: TestUser;
let stranger: TestUser;
let drill: Tool;
let saw: Tool;

beforeAll(async () => {
  [buyer, stranger] = await Promise.all([makeUser('customer'), makeUser('customer')]);
  drill = await makeTool({ quantity: 1000, minQuantity: 10 });
  saw = await makeTool({ quantity: 50, minQuantity: 5 });
});
beforeEach(async () => {
  await getDb().delete(lists).where(eq(lists.userId, buyer.id));
  await getDb().delete(cartLines).where(eq(cartLines.userId, buyer.id));
});

const as = (user: TestUser) => ({
  create: (body: unknown) =>
    call<{ listId: string } & ErrorBody>(listsRoute.POST, {
      method: 'POST',
      body,
      token: user.token,
    }),
  all: () => call<ListSummaryDto[] & ErrorBody>(listsRoute.GET, { token: user.token }),
  read: (id: string) =>
    call<ListDto & ErrorBody>(oneList.GET, { params: { id }, token: user.token }),
  change: (id: string, body: unknown) =>
    call<ListDto & ErrorBody>(oneList.PUT, {
      method: 'PUT',
      params: { id },
      body,
      token: user.token,
    }),
  remove: (id: string) =>
    call<ErrorBody & { deletedCount: number }>(oneList.DELETE, {
      method: 'DELETE',
      params: { id },
      token: user.token,
    }),
  addLine: (id: string, body: unknown) =>
    call<ListDto & ErrorBody>(listLinesRoute.POST, {
      method: 'POST',
      params: { id },
      body,
      token: user.token,
    }),
  order: (id: string, body: unknown = {}) =>
    call<{ added: number; problems: CartLineProblem[] } & ErrorBody>(listToCart.POST, {
      method: 'POST',
      params: { id },
      body,
      token: user.token,
    }),
  cart: () => call<CartDto>(cartRoute.GET, { token: user.token }),
});

const listCount = async (user: TestUser) =>
  (await getDb().select({ n: count() }).from(lists).where(eq(lists.userId, user.id)))[0]!.n;
const everyListLine = () => getDb().select().from(listLines);

describe('saved lists', () => {
  it('saves lines sent by SKU or toolId (in any case, the same tool twice summed) and reads them back', async () => {
    const made = await as(buyer).create({
      name: '  Site A  ',
      lines: [
        { sku: drill.sku.toLowerCase(), quantity: 20 },
        { toolId: saw.id, quantity: 5 },
        { toolId: drill.id, quantity: 10 },
      ],
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ listId: expect.any(String) });
    const list = await as(buyer).read(made.body.listId);
    expect(list.body).toMatchObject({
      _id: made.body.listId,
      name: 'Site A',
      lines: [
        { toolId: drill.id, sku: drill.sku, quantity: 30, minQuantity: 10, available: 1000 },
        { toolId: saw.id, sku: saw.sku, quantity: 5 },
      ],
    });
    const all = await as(buyer).all();
    expect(all.body).toEqual([
      expect.objectContaining({ _id: made.body.listId, name: 'Site A', lineCount: 2 }),
    ]);
    expect((await as(stranger).all()).body).not.toContainEqual(
      expect.objectContaining({ _id: made.body.listId }),
    );
  });

  it('saves the cart as a list, and refuses an empty cart', async () => {
    const empty = await as(buyer).create({ name: 'From cart', fromCart: true });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ fromCart: 'Your cart is empty' });
    await call(cartLine.PUT, {
      method: 'PUT',
      params: { toolId: saw.id },
      body: { quantity: 8 },
      token: buyer.token,
    });
    const made = await as(buyer).create({ name: 'From cart', fromCart: true });
    expect(made.status).toBe(201);
    expect((await as(buyer).read(made.body.listId)).body.lines).toEqual([
      expect.objectContaining({ toolId: saw.id, quantity: 8 }),
    ]);
  });

  it("saves one of the caller's orders as a list; another customer's order is a 404", async () => {
    const order = await insertOrderLine({
      toolId: drill.id,
      userId: buyer.id,
      productName: drill.name,
      sku: drill.sku,
      unitPriceCents: 1000,
      quantity: 40,
      totalCents: 40_000,
      email: buyer.email,
      userName: buyer.name,
      address: '1 Road',
      phone: '1',
    });
    const made = await as(buyer).create({ name: 'Again', fromOrder: order.checkoutId });
    expect(made.status).toBe(201);
    expect((await as(buyer).read(made.body.listId)).body.lines).toEqual([
      expect.objectContaining({ toolId: drill.id, quantity: 40 }),
    ]);
    const before = await listCount(stranger);
    const theirs = await as(stranger).create({ name: 'Theirs', fromOrder: order.checkoutId });
    expect(theirs.status).toBe(404);
    expect(await listCount(stranger)).toBe(before);
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'name', 'List name is Required'],
      [{ name: '   ' }, 'name', 'List name is Required'],
      [{ name: 'x'.repeat(81) }, 'name', 'Must be at most 80 characters'],
      [
        { name: 'A', lines: [{ quantity: 1 }] },
        'lines.0.sku',
        'Name the tool: its SKU or its toolId',
      ],
      [
        { name: 'A', lines: [{ sku: 'NO-SUCH-1', quantity: 1 }] },
        'lines.0.sku',
        'NO-SUCH-1: Unknown SKU',
      ],
      [
        { name: 'A', lines: [{ toolId: randomUUID(), quantity: 1 }] },
        'lines.0.toolId',
        'Unknown tool',
      ],
      [
        { name: 'A', lines: [{ toolId: drill.id, quantity: 0 }] },
        'lines.0.quantity',
        'You can not order less then minimum quantity',
      ],
      [
        { name: 'A', lines: [{ toolId: drill.id, quantity: 1.5 }] },
        'lines.0.quantity',
        'Order quantity must be a whole number of pieces',
      ],
      [
        { name: 'A', lines: [], fromCart: true },
        'lines',
        'Save the lines, the cart (fromCart) or an order (fromOrder): one of them',
      ],
      [{ name: 'A', fromOrder: 'nope' }, 'fromOrder', 'Unknown order'],
      [
        {
          name: 'A',
          lines: Array.from({ length: 101 }, () => ({ toolId: drill.id, quantity: 1 })),
        },
        'lines',
        'A list holds at most 100 lines',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await as(buyer).create(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error.fields?.[field]).toBe(message);
    }
    expect(await listCount(buyer)).toBe(0);
  });

  it(`keeps at most ${MAX_LISTS} lists per account, also when created at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX_LISTS + 5 }, (_, index) => as(buyer).create({ name: `L${index}` })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_LISTS);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error.message).toBe(
      `You can keep at most ${MAX_LISTS} lists: delete one first`,
    );
    expect(await listCount(buyer)).toBe(MAX_LISTS);
  });

  it('renames and replaces lines; refuses bad changes unchanged', async () => {
    const { listId } = (
      await as(buyer).create({ name: 'Old', lines: [{ toolId: drill.id, quantity: 20 }] })
    ).body;
    const renamed = await as(buyer).change(listId, { name: 'New' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'New',
      lines: [{ toolId: drill.id, quantity: 20 }],
    });
    const replaced = await as(buyer).change(listId, { lines: [{ sku: saw.sku, quantity: 6 }] });
    expect(replaced.body.lines).toEqual([expect.objectContaining({ toolId: saw.id, quantity: 6 })]);
    const before = [await as(buyer).read(listId), await everyListLine()];
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ lines: [{ sku: 'NO-SUCH-2', quantity: 1 }] }, 'lines.0.sku'],
    ] as const) {
      const answer = await as(buyer).change(listId, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields?.[field]).toBeTruthy();
    }
    expect([await as(buyer).read(listId), await everyListLine()]).toEqual(before);
  });

  it("answers 404 for another customer's list, an unknown id or a malformed one, and changes nothing", async () => {
    const { listId } = (
      await as(buyer).create({ name: 'Mine', lines: [{ toolId: drill.id, quantity: 20 }] })
    ).body;
    const before = await everyListLine();
    const other = as(stranger);
    for (const id of [listId, randomUUID(), 'not-an-id']) {
      expect((await other.read(id)).status).toBe(404);
      expect((await other.change(id, { name: 'Stolen' })).status).toBe(404);
      expect((await other.addLine(id, { toolId: saw.id, quantity: 5 })).status).toBe(404);
      expect((await other.order(id)).status).toBe(404);
      expect((await other.remove(id)).status).toBe(404);
    }
    expect(await everyListLine()).toEqual(before);
    expect((await as(buyer).read(listId)).body.name).toBe('Mine');
  });

  it('adds a line from the product page, summing a tool already on the list; deletes a list', async () => {
    const { listId } = (await as(buyer).create({ name: 'Shelf' })).body;
    expect((await as(buyer).addLine(listId, { toolId: drill.id, quantity: 20 })).status).toBe(200);
    const added = await as(buyer).addLine(listId, { sku: drill.sku, quantity: 5 });
    expect(added.body.lines).toEqual([expect.objectContaining({ toolId: drill.id, quantity: 25 })]);
    const bad = await as(buyer).addLine(listId, { sku: drill.sku, quantity: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.quantity).toBeTruthy();
    const removed = await as(buyer).remove(listId);
    expect(removed.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await as(buyer).read(listId)).status).toBe(404);
    expect(await getDb().select().from(listLines).where(eq(listLines.listId, listId))).toEqual([]);
  });

  it('orders a whole list into the cart, adding to lines there, with problems per line like quick order', async () => {
    const gone = await makeTool({ quantity: 100, minQuantity: 1 });
    const { listId } = (
      await as(buyer).create({
        name: 'Monthly',
        lines: [
          { toolId: drill.id, quantity: 20 },
          { toolId: saw.id, quantity: 60 },
          { toolId: gone.id, quantity: 1 },
        ],
      })
    ).body;
    await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone.id));
    await call(cartLine.PUT, {
      method: 'PUT',
      params: { toolId: drill.id },
      body: { quantity: 10 },
      token: buyer.token,
    });
    const ordered = await as(buyer).order(listId);
    expect(ordered.status).toBe(200);
    expect(ordered.body).toEqual({
      added: 1,
      problems: [
        {
          line: 2,
          sku: saw.sku,
          message: `${saw.sku}: You can not order more than available quantity (50 pieces left)`,
        },
        { line: 3, sku: gone.sku, message: `${gone.sku}: This tool is no longer sold` },
      ],
    });
    expect((await as(buyer).cart()).body.lines).toEqual([
      expect.objectContaining({ toolId: drill.id, quantity: 30 }),
    ]);
  });

  it('orders some lines, at another quantity if asked; a line not on the list is refused', async () => {
    const { listId } = (
      await as(buyer).create({
        name: 'Pick',
        lines: [
          { toolId: drill.id, quantity: 20 },
          { toolId: saw.id, quantity: 5 },
        ],
      })
    ).body;
    const ordered = await as(buyer).order(listId, {
      lines: [{ sku: saw.sku, quantity: 7 }, { sku: 'NOT-ON-IT' }],
    });
    expect(ordered.body).toEqual({
      added: 1,
      problems: [{ line: 2, sku: 'NOT-ON-IT', message: 'NOT-ON-IT: This line is not on the list' }],
    });
    expect((await as(buyer).cart()).body.lines).toEqual([
      expect.objectContaining({ toolId: saw.id, quantity: 7 }),
    ]);
    const bad = await as(buyer).order(listId, { lines: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ lines: 'Choose at least one line' });
  });
});
