import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as cartRoute from '@/app/api/cart/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as pricesRoute from '@/app/api/companies/[id]/prices/route';
import * as listsRoute from '@/app/api/lists/route';
import * as oneList from '@/app/api/lists/[id]/route';
import * as orderRoute from '@/app/api/order/route';
import * as myPricesRoute from '@/app/api/prices/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as lookupRoute from '@/app/api/tools/lookup/route';
import { getDb, queryRows } from '@/lib/db/client';
import { unitPriceSql } from '@/lib/db/pricing';
import {
  auditLog,
  cartLines,
  companies,
  companyMembers,
  companyPrices,
  invoices,
  orders,
  tools,
} from '@/lib/db/schema';
import { getToolBySku } from '@/lib/tools/product';
import { discountedCents, unitPriceCents } from '@/lib/tools/pricing';
import type { CartDto, CompanyPricesDto, MyPricesDto } from '@/lib/types';
import { termsForUser } from './companies-fixtures';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

const db = () => getDb();
const suffix = randomUUID().slice(0, 6).toUpperCase();
const SHIP_TO = { address: '1 Price Street', phone: '+1 555 0100' };

let admin: TestUser;
let member: TestUser;
let colleague: TestUser;
let rival: TestUser;
let loner: TestUser;
let companyId: string;
let rivalCompanyId: string;
// $10.00, $9.00 from 100 pieces; the company's list: $9.50.
let listed: Awaited<ReturnType<typeof makeTool>>;
// $20.00, not on the list: the company's 4 % discount makes it $19.20 (on the listed tool $9.60 > $9.50).
let unlisted: Awaited<ReturnType<typeof makeTool>>;

async function companyOf(name: string, people: TestUser[]): Promise<string> {
  const [company] = await db().insert(companies).values({ name }).returning();
  await db()
    .insert(companyMembers)
    .values(
      people.map((person, index) => ({
        userId: person.id,
        companyId: company!.id,
        role: index === 0 ? ('owner' as const) : ('buyer' as const),
      })),
    );
  return company!.id;
}

const putPrices = (caller: TestUser | undefined, id: string, body: unknown) =>
  call<CompanyPricesDto & ErrorBody>(pricesRoute.PUT, {
    method: 'PUT',
    params: { id },
    body,
    token: caller?.token,
  });
const setLine = (user: TestUser, toolId: string, quantity: number) =>
  call<CartDto & ErrorBody>(lineRoute.PUT, {
    method: 'PUT',
    params: { toolId },
    body: { quantity },
    token: user.token,
  });
const cartOf = (user: TestUser) => call<CartDto>(cartRoute.GET, { token: user.token });
const emptyCart = (user: TestUser) => db().delete(cartLines).where(eq(cartLines.userId, user.id));
const unitOf = (cart: CartDto, toolId: string) =>
  cart.lines.find((line) => line.toolId === toolId)?.unitPrice;
const myPrices = (user: TestUser | undefined, ids: string[]) =>
  call<MyPricesDto>(myPricesRoute.GET, {
    path: `/api/prices?tools=${ids.join(',')}`,
    token: user?.token,
  });
const auditEntries = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'company.prices'), sql`${auditLog.target} LIKE ${`%${id}%`}`));

async function checkoutLines(user: TestUser, lines: [string, number][], extra = {}) {
  await emptyCart(user);
  for (const [toolId, quantity] of lines)
    expect((await setLine(user, toolId, quantity)).status).toBe(200);
  const placed = await call<{ checkoutId: string; orderIds: string[]; total: number }>(
    checkoutRoute.POST,
    { method: 'POST', body: { ...SHIP_TO, ...extra }, token: user.token },
  );
  expect(placed.status).toBe(201);
  const placedLines = await db()
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, placed.body.checkoutId));
  return { ...placed.body, lines: placedLines };
}

beforeAll(async () => {
  admin = await makeUser('admin');
  member = await makeUser('customer', 'Mia Member');
  colleague = await makeUser('customer', 'Cole Colleague');
  rival = await makeUser('customer', 'Rhea Rival');
  loner = await makeUser('customer', 'Lou Loner');
  companyId = await companyOf(`Price Co ${suffix}`, [member, colleague]);
  rivalCompanyId = await companyOf(`Rival Co ${suffix}`, [rival]);
  listed = await makeTool({
    sku: `CPL-${suffix}`,
    priceCents: 1000,
    quantity: 100_000,
    minQuantity: 10,
    priceBreaks: [{ minQuantity: 100, priceCents: 900 }],
  });
  unlisted = await makeTool({
    sku: `CPU-${suffix}`,
    priceCents: 2000,
    quantity: 100_000,
    minQuantity: 1,
  });
  const set = await putPrices(admin, companyId, {
    prices: [{ sku: listed.sku, price: 9.5 }],
    discountPercent: 4,
  });
  expect(set.status).toBe(200);
  // The rival company has a lower list of its own, which nobody else may ever pay.
  await db()
    .insert(companyPrices)
    .values({ companyId: rivalCompanyId, toolId: unlisted.id, priceCents: 500 });
});

describe('the pricing rule', () => {
  const breaks = [
    { minQuantity: 100, priceCents: 900 },
    { minQuantity: 500, priceCents: 700 },
  ];
  const terms = { listPriceCents: 950, discountBasisPoints: 1250 };
  // quantity → the lowest of the break reached, the list price 950 and 1005 less 12.5 % (125.625 → 126) = 879
  const CASES: [quantity: number, unit: number][] = [
    [1, 879],
    [99, 879],
    [100, 879],
    [499, 879],
    [500, 700],
    [501, 700],
  ];

  it('rounds the discount half up to the cent', () => {
    expect(discountedCents(1005, 1250)).toBe(879);
    expect(discountedCents(1000, 1250)).toBe(875);
    expect(discountedCents(1004, 1250)).toBe(878); // 125.5 → 126
    expect(discountedCents(1000, 0)).toBe(1000);
  });

  it('is the lowest of the break, the list price and the discount, in TS and SQL alike', async () => {
    const [company] = await db()
      .insert(companies)
      .values({ name: `Rule Co ${suffix}`, discountBasisPoints: 1250 })
      .returning();
    const tool = await makeTool({ priceCents: 1005, priceBreaks: breaks });
    await db()
      .insert(companyPrices)
      .values({ companyId: company!.id, toolId: tool.id, priceCents: 950 });
    const rows = await queryRows<{ quantity: number; unit: string; alone: string }>(
      db(),
      sql`SELECT q AS quantity,
        ${unitPriceSql(sql`t.price_cents`, sql`t.price_breaks`, sql`q`, { id: sql`${company!.id}::uuid`, toolId: sql`t.id` })} AS unit,
        ${unitPriceSql(sql`t.price_cents`, sql`t.price_breaks`, sql`q`, { id: sql`NULL::uuid`, toolId: sql`t.id` })} AS alone
        FROM ${tools} t, unnest(${`{${CASES.map(([q]) => q).join(',')}}`}::int[]) AS q
        WHERE t.id = ${tool.id}`,
    );
    expect(rows.map((row) => [row.quantity, Number(row.unit)])).toEqual(CASES);
    for (const [quantity, unit] of CASES)
      expect(unitPriceCents(1005, breaks, quantity, terms)).toBe(unit);
    // No company: the catalogue's rule.
    expect(rows.map((row) => Number(row.alone))).toEqual(
      CASES.map(([quantity]) => unitPriceCents(1005, breaks, quantity)),
    );
  });
});

describe('a member pays the company prices', () => {
  it('in the cart, where a lower price break still wins, and the discount off unlisted tools', async () => {
    await emptyCart(member);
    await setLine(member, listed.id, 10);
    const cart = (await setLine(member, unlisted.id, 3)).body;
    expect(unitOf(cart, listed.id)).toBe(9.5);
    expect(unitOf(cart, unlisted.id)).toBe(19.2);
    expect(cart.subtotal).toBe(152.6);
    expect(cart.savings).toBe(7.4);
    // 100 pieces reach the $9.00 break, lower than the list's $9.50.
    expect(unitOf((await setLine(member, listed.id, 100)).body, listed.id)).toBe(9);
  });

  it('at checkout, priced in the placement statement', async () => {
    const placed = await checkoutLines(member, [
      [listed.id, 10],
      [unlisted.id, 3],
    ]);
    const byTool = new Map(placed.lines.map((line) => [line.toolId, line.unitPriceCents]));
    expect(byTool.get(listed.id)).toBe(950);
    expect(byTool.get(unlisted.id)).toBe(1920);
    expect(placed.total).toBe(152.6);
  });

  it('for one tool ordered from its page', async () => {
    const answer = await call<{ insertedId: string }>(orderRoute.POST, {
      method: 'POST',
      body: { toolId: listed.id, quantity: 20, ...SHIP_TO },
      token: colleague.token,
    });
    expect(answer.status).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.body.insertedId));
    expect(order).toMatchObject({ unitPriceCents: 950, totalCents: 19_000 });
  });

  it('in quick order, saved lists and a quote request’s list price', async () => {
    const found = await call<{ _id: string; unitPrice: number }[]>(lookupRoute.GET, {
      path: `/api/tools/lookup?q=${listed.sku}&quantity=10`,
      token: member.token,
    });
    expect(found.body.find((tool) => tool._id === listed.id)?.unitPrice).toBe(9.5);
    const visitor = await call<{ _id: string; unitPrice: number }[]>(lookupRoute.GET, {
      path: `/api/tools/lookup?q=${listed.sku}&quantity=10`,
    });
    expect(visitor.body.find((tool) => tool._id === listed.id)?.unitPrice).toBe(10);

    const list = await call<{ listId: string }>(listsRoute.POST, {
      method: 'POST',
      body: { name: `Prices ${suffix}`, lines: [{ toolId: unlisted.id, quantity: 2 }] },
      token: member.token,
    });
    const read = await call<{ lines: { unitPrice: number }[] }>(oneList.GET, {
      params: { id: list.body.listId },
      token: member.token,
    });
    expect(read.body.lines[0]!.unitPrice).toBe(19.2);

    const asked = await call<{ quoteId: string }>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: listed.id, quantity: 40 }], message: 'Our price please' },
      token: member.token,
    });
    expect(asked.status).toBe(201);
    const quote = await call<{ lines: { listPrice: number }[] }>(oneQuote.GET, {
      params: { id: asked.body.quoteId },
      token: admin.token,
    });
    expect(quote.body.lines[0]!.listPrice).toBe(9.5);
  });

  it('on the invoice, which prints the charged price and what it saved against the catalogue', async () => {
    const onTerms = await makeUser('customer', 'Tess Terms');
    await db().insert(companyMembers).values({ userId: onTerms.id, companyId, role: 'approver' });
    await termsForUser(onTerms.id, 30, 10_000_000);
    const placed = await checkoutLines(onTerms, [[listed.id, 10]], { paymentMethod: 'invoice' });
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, placed.checkoutId));
    const document = invoice!.document as {
      lines: { unitPriceCents: number; basePriceCents: number }[];
      savingsCents: number;
    };
    expect(document.lines[0]).toMatchObject({ unitPriceCents: 950, basePriceCents: 1000 });
    expect(document.savingsCents).toBe(500);
  });

  it('reprices the cart as soon as the list changes', async () => {
    await emptyCart(member);
    await setLine(member, listed.id, 10);
    expect(
      (await putPrices(admin, companyId, { prices: [{ sku: listed.sku, price: 8.25 }] })).status,
    ).toBe(200);
    const cart = (await cartOf(member)).body;
    expect(unitOf(cart, listed.id)).toBe(8.25);
    // The discount was not given, so it stayed.
    expect(unitOf((await setLine(member, unlisted.id, 1)).body, unlisted.id)).toBe(19.2);
    await putPrices(admin, companyId, { prices: [{ sku: listed.sku, price: 9.5 }] });
    expect(unitOf((await cartOf(member)).body, listed.id)).toBe(9.5);
  });
});

describe('nobody else sees or pays them', () => {
  it('an account on its own and another company’s member pay the catalogue', async () => {
    for (const buyer of [loner, rival]) {
      const placed = await checkoutLines(buyer, [[listed.id, 10]]);
      expect(placed.lines[0]!.unitPriceCents).toBe(1000);
    }
    // The rival's own list price of the unlisted tool is theirs alone.
    const rivalCart = (await setLine(rival, unlisted.id, 1)).body;
    expect(unitOf(rivalCart, unlisted.id)).toBe(5);
    expect(unitOf((await setLine(loner, unlisted.id, 1)).body, unlisted.id)).toBe(20);
  });

  it('GET /api/prices answers the caller’s own prices only, never to be cached', async () => {
    const ids = [listed.id, unlisted.id];
    const mine = await myPrices(member, ids);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      discountPercent: 4,
      prices: [{ toolId: listed.id, price: 9.5 }],
    });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    for (const caller of [undefined, loner]) {
      const none = await myPrices(caller, ids);
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ discountPercent: 0, prices: [] });
    }
    expect((await myPrices(rival, ids)).body.prices).toEqual([{ toolId: unlisted.id, price: 5 }]);
    expect((await myPrices(member, ['not-an-id'])).status).toBe(400);
  });

  it('the public pages’ reads (cached for everyone) carry the catalogue price only', async () => {
    expect((await getToolBySku(listed.sku)).price).toBe(10);
    const read = await call<{ price: number }>(toolRoute.GET, {
      params: { id: listed.id },
      token: member.token,
    });
    expect(read.body.price).toBe(10);
  });
});

describe('PUT /api/companies/{id}/prices', () => {
  const listNow = () =>
    db().select().from(companyPrices).where(eq(companyPrices.companyId, companyId));

  it('is for admins: 401, 403, and 404 for a company that does not exist', async () => {
    const body = { prices: [] };
    expect((await putPrices(undefined, companyId, body)).status).toBe(401);
    expect((await putPrices(member, companyId, body)).status).toBe(403);
    expect((await putPrices(admin, randomUUID(), body)).status).toBe(404);
    expect((await putPrices(admin, 'nope', body)).status).toBe(404);
    const read = await call(pricesRoute.GET, { params: { id: companyId }, token: member.token });
    expect(read.status).toBe(403);
  });

  it.each([
    [{ prices: [{ sku: 'NO-SUCH-SKU', price: 1 }] }, 'prices.0.sku', /No product/],
    [{ prices: [{ sku: 'x', price: 1 }] }, 'prices.0.sku', /3 to 32/],
    [{ prices: [{ sku: 'CPL', price: 0 }] }, 'prices.0.price', /more than 0/],
    [{ prices: [{ sku: 'CPL', price: 1.234 }] }, 'prices.0.price', /2 decimals/],
    [{ prices: [], discountPercent: 91 }, 'discountPercent', /0 to 90/],
    [{ prices: [], discountPercent: 1.234 }, 'discountPercent', /2 decimals/],
    [{ prices: 'all' }, 'prices', /list/],
  ])('refuses %j with 400 at %s, writing nothing', async (body, field, message) => {
    const before = [await listNow(), (await auditEntries(`Price Co ${suffix}`)).length];
    const answer = await putPrices(admin, companyId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields?.[field]).toMatch(message);
    expect([await listNow(), (await auditEntries(`Price Co ${suffix}`)).length]).toEqual(before);
  });

  it('refuses a duplicate or a removed product at its line', async () => {
    const gone = await makeTool({ sku: `CPG-${suffix}`, deletedAt: new Date() });
    const twice = await putPrices(admin, companyId, {
      prices: [
        { sku: listed.sku, price: 1 },
        { sku: listed.sku.toLowerCase(), price: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields?.['prices.1.sku']).toMatch(/twice/);
    const removed = await putPrices(admin, companyId, {
      prices: [
        { sku: listed.sku, price: 1 },
        { sku: gone.sku, price: 2 },
      ],
    });
    expect(removed.status).toBe(400);
    expect(removed.body.error.fields?.['prices.1.sku']).toMatch(/No product/);
    expect((await listNow()).map((row) => row.priceCents)).toEqual([950]);
  });

  it('replaces the list and the discount, and the audit log keeps both sides', async () => {
    const [company] = await db()
      .insert(companies)
      .values({ name: `Audited Co ${suffix}` })
      .returning();
    const first = await putPrices(admin, company!.id, {
      prices: [
        { sku: listed.sku, price: 9.99 },
        { sku: unlisted.sku, price: 15 },
      ],
      discountPercent: 12.5,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ companyId: company!.id, discountPercent: 12.5 });
    const second = await putPrices(admin, company!.id, {
      prices: [{ sku: unlisted.sku, price: 14.5 }],
      discountPercent: 0,
    });
    expect(second.body.prices).toEqual([
      { sku: unlisted.sku, name: unlisted.name, price: 14.5, catalogPrice: 20 },
    ]);
    const read = await call<CompanyPricesDto>(pricesRoute.GET, {
      params: { id: company!.id },
      token: admin.token,
    });
    expect(read.body).toEqual(second.body);
    const [stored] = await db().select().from(companies).where(eq(companies.id, company!.id));
    expect(stored!.discountBasisPoints).toBe(0);
    const entries = await auditEntries(`Audited Co ${suffix}`);
    expect(entries).toHaveLength(2);
    const last = entries.find(
      (entry) => (entry.after as { discountPercent: number }).discountPercent === 0,
    );
    expect(last).toMatchObject({
      actorEmail: admin.email,
      before: { discountPercent: 12.5, prices: { [listed.sku]: 9.99, [unlisted.sku]: 15 } },
      after: { discountPercent: 0, prices: { [unlisted.sku]: 14.5 } },
    });
  });

  it('keeps the last of two admins’ concurrent lists whole', async () => {
    const [company] = await db()
      .insert(companies)
      .values({ name: `Race Co ${suffix}` })
      .returning();
    const lists = [
      [{ sku: listed.sku, price: 9 }],
      [
        { sku: listed.sku, price: 8 },
        { sku: unlisted.sku, price: 19 },
      ],
    ];
    const answers = await Promise.all(
      lists.map((prices) => putPrices(admin, company!.id, { prices })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = await db()
      .select({ priceCents: companyPrices.priceCents })
      .from(companyPrices)
      .where(eq(companyPrices.companyId, company!.id));
    expect([[900], [800, 1900]]).toContainEqual(
      stored.map((row) => row.priceCents).sort((a, b) => a - b),
    );
  });
});
