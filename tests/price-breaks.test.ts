import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ordersRoute from '@/app/api/order/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import { getDb } from '@/lib/db/client';
import { orders, tools } from '@/lib/db/schema';
import type { ToolDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser();
});

const BREAKS = [
  { minQuantity: 100, price: 9.5 },
  { minQuantity: 500, price: 9 },
];
const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hex key set',
  about: 'Nine keys, ball ends',
  price: 10,
  quantity: 5000,
  min_quantity: 10,
  image: '/images/tools/screwdriver-set.svg',
  priceBreaks: BREAKS,
  ...overrides,
});
const create = (body: unknown) =>
  call<ErrorBody & { insertedId: string }>(toolsRoute.POST, {
    method: 'POST',
    body,
    token: admin.token,
  });
const edit = (id: string, body: unknown) =>
  call<ErrorBody>(toolRoute.PUT, { method: 'PUT', params: { id }, body, token: admin.token });
const breaksOf = async (id: string) =>
  (await call<ToolDto>(toolRoute.GET, { params: { id } })).body.priceBreaks;
const toolCount = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(tools)
  )[0]!.n;

// Every rule and every message, on the field it concerns. The tool: $10.00, minimum order 10.
// prettier-ignore
const REFUSED: [what: string, field: string, message: string, breaks: unknown][] = [
  ['six breaks', 'priceBreaks', 'A tool can have at most 5 price breaks', [20, 30, 40, 50, 60, 70].map((minQuantity, i) => ({ minQuantity, price: 9 - i }))],
  ['not a list', 'priceBreaks', 'Price breaks must be a list', { minQuantity: 20, price: 9 }],
  ['no quantity', 'priceBreaks.0.minQuantity', 'Break quantity is Required', [{ price: 9 }]],
  ['a fraction of a piece', 'priceBreaks.0.minQuantity', 'Break quantity must be a whole number', [{ minQuantity: 20.5, price: 9 }]],
  ['zero pieces', 'priceBreaks.0.minQuantity', 'Break quantity must be at least 1', [{ minQuantity: 0, price: 9 }]],
  ['too many pieces', 'priceBreaks.0.minQuantity', 'Break quantity can be at most 10,000,000', [{ minQuantity: 10_000_001, price: 9 }]],
  ['at the minimum order', 'priceBreaks.0.minQuantity', 'Each break must start above the minimum order of 10 pieces', [{ minQuantity: 10, price: 9 }]],
  ['thresholds that do not rise', 'priceBreaks.1.minQuantity', 'Each break must start above the break before it', [{ minQuantity: 100, price: 9 }, { minQuantity: 100, price: 8 }]],
  ['no price', 'priceBreaks.0.price', 'Break price is Required', [{ minQuantity: 20 }]],
  ['a free break', 'priceBreaks.0.price', 'Break price must be more than 0', [{ minQuantity: 20, price: 0 }]],
  ['a fraction of a cent', 'priceBreaks.0.price', 'Break price can have at most 2 decimals', [{ minQuantity: 20, price: 9.999 }]],
  ['a price too high', 'priceBreaks.0.price', 'Break price can be at most $1,000,000', [{ minQuantity: 20, price: 1_000_001 }]],
  ['the base price', 'priceBreaks.0.price', 'Each break must cost less than the base price', [{ minQuantity: 20, price: 10 }]],
  ['prices that do not fall', 'priceBreaks.1.price', 'Each break must cost less than the break before it', [{ minQuantity: 100, price: 9 }, { minQuantity: 500, price: 9 }]],
];

describe('price-break rules', () => {
  it.each(REFUSED)(
    'POST /api/tools refuses %s: 400 on %s “%s”, nothing written',
    async (_what, field, message, breaks) => {
      const before = await toolCount();
      const { status, body } = await create(product({ priceBreaks: breaks }));
      expect(status).toBe(400);
      expect(body.error.fields?.[field]).toBe(message);
      expect(await toolCount()).toBe(before);
    },
  );

  it.each(REFUSED)(
    'PUT /api/tools/{id} refuses %s: 400 on %s “%s”, nothing written',
    async (_what, field, message, breaks) => {
      const tool = await makeTool({ priceCents: 1000, minQuantity: 10, quantity: 5000 });
      const { status, body } = await edit(tool.id, product({ priceBreaks: breaks }));
      expect(status).toBe(400);
      expect(body.error.fields?.[field]).toBe(message);
      const [row] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
      expect(row).toMatchObject({ name: tool.name, priceBreaks: [] });
    },
  );

  it('keeps the breaks an edit leaves out, if they still fit, and [] removes them', async () => {
    const { body } = await create(product());
    const id = body.insertedId;
    expect(await breaksOf(id)).toEqual(BREAKS);
    const withoutBreaks = product({ priceBreaks: undefined });
    expect((await edit(id, { ...withoutBreaks, price: 12 })).status).toBe(200);
    expect(await breaksOf(id)).toEqual(BREAKS);

    // A base price at the first break's, or a minimum order at its threshold, no longer fits the kept breaks.
    const cheaper = await edit(id, { ...withoutBreaks, price: 9.5 });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.error.fields?.['priceBreaks.0.price']).toBe(
      'Each break must cost less than the base price',
    );
    const bigger = await edit(id, { ...withoutBreaks, min_quantity: 100 });
    expect(bigger.body.error.fields?.['priceBreaks.0.minQuantity']).toBe(
      'Each break must start above the minimum order of 100 pieces',
    );
    const [row] = await getDb().select().from(tools).where(eq(tools.id, id));
    expect(row).toMatchObject({ priceCents: 1200, minQuantity: 10 });

    expect((await edit(id, { ...withoutBreaks, priceBreaks: [] })).status).toBe(200);
    expect(await breaksOf(id)).toEqual([]);
  });
});

describe('POST /api/order prices at the break the quantity reaches', () => {
  let toolId: string;

  beforeAll(async () => {
    toolId = (await create(product({ quantity: 100_000 }))).body.insertedId;
  });

  // One below, at and one above every threshold; the client's price and total are ignored.
  // prettier-ignore
  const AROUND_BREAKS = [[99, 1000], [100, 950], [101, 950], [499, 950], [500, 900], [501, 900]];
  it.each(AROUND_BREAKS)(
    '%i pieces: %i cents each, total = unit × quantity',
    async (quantity, unitCents) => {
      const { status, body } = await call<{ insertedId: string }>(ordersRoute.POST, {
        method: 'POST',
        token: customer.token,
        body: {
          toolId,
          quantity,
          address: '1 Dock Rd',
          phone: '+1 555 0100',
          price: 0.01,
          total: 0.01,
          unitPrice: 0.01,
        },
      });
      expect(status).toBe(201);
      const [row] = await getDb().select().from(orders).where(eq(orders.id, body.insertedId));
      expect(row).toMatchObject({
        unitPriceCents: unitCents,
        quantity,
        totalCents: unitCents * quantity,
        sku: expect.stringMatching(/^HEX-\d+$/),
      });
    },
  );
});

describe('an edit racing orders', () => {
  it('prices every order from one version of the tool: the old price and breaks or the new ones', async () => {
    const { body } = await create(
      product({ price: 10, priceBreaks: [{ minQuantity: 100, price: 9 }] }),
    );
    const id = body.insertedId;
    const placing = Array.from({ length: 20 }, () =>
      call<{ insertedId: string }>(ordersRoute.POST, {
        method: 'POST',
        token: customer.token,
        body: { toolId: id, quantity: 100, address: '1 Dock Rd', phone: '+1 555 0100' },
      }),
    );
    const editing = edit(
      id,
      product({ price: 20, priceBreaks: [{ minQuantity: 100, price: 18 }] }),
    );
    const [answers, edited] = await Promise.all([Promise.all(placing), editing]);
    expect(edited.status).toBe(200);
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const rows = await getDb().select().from(orders).where(eq(orders.toolId, id));
    expect(rows).toHaveLength(20);
    for (const row of rows) expect([900, 1800]).toContain(row.unitPriceCents);
  });
});
