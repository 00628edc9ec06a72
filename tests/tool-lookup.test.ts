import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as lookupRoute from '@/app/api/tools/lookup/route';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import type { ToolSuggestionDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody } from './helpers';

// Quick order's SKU look-up: suggestions as the buyer types, priced at the typed quantity, with the stock.

const tag = randomBytes(3).toString('hex').toUpperCase();
const lookup = (query: string, token?: string) =>
  call<ToolSuggestionDto[] & ErrorBody>(lookupRoute.GET, {
    path: `/api/tools/lookup?${query}`,
    token,
  });

beforeAll(async () => {
  await makeTool({
    sku: `LK${tag}-10`,
    name: `Lookup ${tag} wrench`,
    priceCents: 2000,
    quantity: 900,
    minQuantity: 50,
    priceBreaks: [
      { minQuantity: 200, priceCents: 1800 },
      { minQuantity: 500, priceCents: 1500 },
    ],
  });
  await makeTool({ sku: `LK${tag}-20`, name: `Lookup ${tag} pliers`, quantity: 40 });
  await makeTool({ sku: `ZZ${tag}-30`, name: `Spanner for LK${tag} work` });
  const removed = await makeTool({ sku: `LK${tag}-99`, name: `Lookup ${tag} gone` });
  await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, removed.id));
});

describe('GET /api/tools/lookup', () => {
  it('suggests SKUs starting with the text first, then names holding it, never a removed tool', async () => {
    const { status, body } = await lookup(`q=lk${tag}`);
    expect(status).toBe(200);
    expect(body.map((tool) => tool.sku)).toEqual([`LK${tag}-10`, `LK${tag}-20`, `ZZ${tag}-30`]);
    const byName = await lookup(`q=${encodeURIComponent(`${tag} pliers`)}`);
    expect(byName.body.map((tool) => tool.sku)).toEqual([`LK${tag}-20`]);
  });

  it('prices each suggestion at the typed quantity (its break), else at the minimum order, with the stock', async () => {
    const at = async (quantity: string) => (await lookup(`q=LK${tag}-10${quantity}`)).body[0]!;
    expect(await at('')).toMatchObject({
      pricedFor: 50,
      unitPrice: 20,
      quantity: 900,
      min_quantity: 50,
    });
    expect(await at('&quantity=')).toMatchObject({ pricedFor: 50, unitPrice: 20 });
    expect(await at('&quantity=250')).toMatchObject({ pricedFor: 250, unitPrice: 18 });
    expect(await at('&quantity=500')).toMatchObject({ pricedFor: 500, unitPrice: 15 });
  });

  it('answers a signed-in buyer and a visitor alike (prices are public)', async () => {
    const buyer = await makeUser('customer');
    const signedIn = await lookup(`q=LK${tag}`, buyer.token);
    const anonymous = await lookup(`q=LK${tag}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual(anonymous.body);
  });

  it('refuses a missing or long text and a bad quantity with the field’s message; LIKE wildcards are text', async () => {
    const refused = async (query: string, field: string, message: string) => {
      const { status, body } = await lookup(query);
      expect(status).toBe(400);
      expect(body.error.fields?.[field]).toBe(message);
    };
    await refused('', 'q', 'Type a SKU or a name');
    await refused('q=%20%20', 'q', 'Type a SKU or a name');
    await refused(`q=${'x'.repeat(101)}`, 'q', 'Search for 100 characters or fewer');
    await refused('q=LK&quantity=ten', 'quantity', 'quantity must be a number');
    await refused('q=LK&quantity=1.5', 'quantity', 'quantity must be a whole number');
    await refused('q=LK&quantity=0', 'quantity', 'quantity must be 1 or more');
    expect((await lookup('q=%25%25%25')).body).toEqual([]);
    const other = await call(lookupRoute.POST, {
      method: 'POST',
      path: '/api/tools/lookup',
      body: {},
    });
    expect(other.status).toBe(405);
  });
});
