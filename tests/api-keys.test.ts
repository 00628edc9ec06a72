import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as auditRoute from '@/app/api/audit/route';
import * as cartLine from '@/app/api/cart/[toolId]/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as companiesRoute from '@/app/api/companies/route';
import * as keysRoute from '@/app/api/company/api-keys/route';
import * as keyRoute from '@/app/api/company/api-keys/[id]/route';
import * as memberRoute from '@/app/api/company/members/[userId]/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as orderRoute from '@/app/api/order/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as toolById from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import { API_KEY_CALLS_PER_MINUTE } from '@/lib/auth/api-key-gate';
import { getDb } from '@/lib/db/client';
import { apiKeys, auditLog, checkouts, companyMembers, orders, users } from '@/lib/db/schema';
import type { ApiKeyDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { SHIP_TO } from './invoice-steps';

type Created = ApiKeyDto & { key: string } & ErrorBody;

const found = async (owner: TestUser) => {
  const answer = await call<{ companyId: string }>(companiesRoute.POST, {
    method: 'POST',
    body: { name: `Firm of ${owner.name}` },
    token: owner.token,
  });
  expect(answer.status).toBe(201);
  return answer.body.companyId;
};

const createKey = (owner: TestUser, body: Record<string, unknown>) =>
  call<Created>(keysRoute.POST, {
    method: 'POST',
    path: '/api/company/api-keys',
    body,
    token: owner.token,
  });

/** An owner of a new company and a key of theirs with these scopes (201 asserted). */
async function companyKey(scopes: string[]) {
  const owner = await makeUser();
  const companyId = await found(owner);
  const created = await createKey(owner, { name: 'ERP', scopes });
  expect(created.status).toBe(201);
  return { owner, companyId, key: created.body.key, keyId: created.body.keyId };
}

/** A call with an API key, to this path (the key's gate reads the method and path). */
const withKey = <T = ErrorBody>(
  handler: unknown,
  key: string,
  path: string,
  options: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    params?: Record<string, string>;
    body?: unknown;
  } = {},
) => call<T & ErrorBody>(handler, { ...options, path, token: key });

const keyRow = async (keyId: string) =>
  (await getDb().select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!;

const auditOf = (action: 'api_key.create' | 'api_key.revoke' | 'api_key.use', prefix: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, prefix)));

describe('API keys', () => {
  it('are made, listed without their secret and revoked by an owner, each step audited', async () => {
    const owner = await makeUser();
    await found(owner);
    const created = await createKey(owner, {
      name: '  Purchasing system ',
      scopes: ['orders:write', 'catalogue:read'],
      expiresInDays: 30,
    });
    expect(created.status).toBe(201);
    const { key, keyId, prefix } = created.body;
    expect(key).toMatch(/^tk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(created.body).toMatchObject({
      name: 'Purchasing system',
      scopes: ['catalogue:read', 'orders:write'],
      createdBy: owner.email,
      lastUsedAt: null,
      revokedAt: null,
    });
    const days = (Date.parse(created.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const row = await keyRow(keyId);
    expect(row.keyHash).not.toContain(key.slice(8));
    expect(JSON.stringify(row)).not.toContain(key);

    const listed = await call<ApiKeyDto[]>(keysRoute.GET, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body[0]).toMatchObject({
      keyId,
      prefix,
      scopes: ['catalogue:read', 'orders:write'],
    });

    expect((await withKey(toolsRoute.GET, key, '/api/tools')).status).toBe(200);
    const revoked = await call<ApiKeyDto>(keyRoute.DELETE, {
      method: 'DELETE',
      params: { id: keyId },
      token: owner.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect(revoked.body.lastUsedAt).not.toBeNull();
    const refused = await withKey(toolsRoute.GET, key, '/api/tools');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked or expired/);

    const target = `api key ${prefix}… (Purchasing system)`;
    expect(await auditOf('api_key.create', target)).toHaveLength(1);
    expect(await auditOf('api_key.revoke', target)).toHaveLength(1);
  });

  it('refuses bad input with the field, and members who are not owners', async () => {
    const owner = await makeUser();
    await found(owner);
    for (const [body, field] of [
      [{ name: '', scopes: ['orders:read'] }, 'name'],
      [{ name: 'X', scopes: [] }, 'scopes'],
      [{ name: 'X', scopes: ['admin:all'] }, 'scopes.0'],
      [{ name: 'X', scopes: ['orders:read'], expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'X', scopes: ['orders:read'], expiresInDays: 366 }, 'expiresInDays'],
    ] as const) {
      const answer = await createKey(owner, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toHaveProperty(field);
    }
    expect(await getDb().select().from(apiKeys).where(eq(apiKeys.createdBy, owner.id))).toEqual([]);
    const loner = await makeUser();
    expect((await createKey(loner, { name: 'X', scopes: ['orders:read'] })).status).toBe(404);
  });

  it('read the catalogue with catalogue:read, and nothing that needs another scope', async () => {
    const tool = await makeTool();
    const { key } = await companyKey(['catalogue:read']);
    expect((await withKey(toolsRoute.GET, key, '/api/tools')).status).toBe(200);
    const one = await withKey<{ name: string }>(toolById.GET, key, `/api/tools/${tool.id}`, {
      params: { id: tool.id },
    });
    expect(one.status).toBe(200);
    expect(one.body.name).toBe(tool.name);

    const order = await withKey(checkoutRoute.POST, key, '/api/checkout', {
      method: 'POST',
      body: SHIP_TO,
    });
    expect(order.status).toBe(403);
    expect(order.body.error.message).toBe('This API key lacks the scope orders:write');
    const invoice = await withKey(invoiceRoute.GET, key, '/api/invoices/INV-2026-000001.pdf', {
      params: { number: 'INV-2026-000001.pdf' },
    });
    expect(invoice.body.error.message).toBe('This API key lacks the scope invoices:read');
  });

  it("place orders with orders:write into the company's orders, each write on the audit log", async () => {
    const tool = await makeTool();
    const { key, keyId, owner, companyId } = await companyKey(['orders:write', 'orders:read']);
    const line = await withKey(cartLine.PUT, key, `/api/cart/${tool.id}`, {
      method: 'PUT',
      params: { toolId: tool.id },
      body: { quantity: 20 },
    });
    expect(line.status).toBe(200);
    const placed = await withKey<{ checkoutId: string }>(checkoutRoute.POST, key, '/api/checkout', {
      method: 'POST',
      body: SHIP_TO,
    });
    expect(placed.status).toBe(201);
    const [checkout] = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, placed.body.checkoutId));
    expect(checkout).toMatchObject({ companyId, userId: owner.id });

    const single = await withKey<{ insertedId: string }>(orderRoute.POST, key, '/api/order', {
      method: 'POST',
      body: { toolId: tool.id, quantity: 10, ...SHIP_TO },
    });
    expect(single.status).toBe(201);
    const [order] = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.id, single.body.insertedId));
    expect(order!.userId).toBe(owner.id);

    const read = await withKey(oneCheckout.GET, key, `/api/checkout/${placed.body.checkoutId}`, {
      params: { id: placed.body.checkoutId },
    });
    expect(read.status).toBe(200);
    const mine = await withKey<unknown[]>(orderByKey.GET, key, `/api/order/${owner.email}`, {
      params: { key: owner.email },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(2);

    const { prefix } = await keyRow(keyId);
    const uses = await auditOf('api_key.use', `api key ${prefix}… (ERP)`);
    expect(uses.map((entry) => (entry.after as { call: string }).call).sort()).toEqual([
      'POST /api/checkout',
      'POST /api/order',
      `PUT /api/cart/${tool.id}`,
    ]);
    expect(uses.every((entry) => entry.actorId === owner.id)).toBe(true);
  });

  it("never read another company's order, nor any account's but the key's maker's", async () => {
    const tool = await makeTool();
    const ours = await companyKey(['orders:write', 'orders:read']);
    await withKey(cartLine.PUT, ours.key, `/api/cart/${tool.id}`, {
      method: 'PUT',
      params: { toolId: tool.id },
      body: { quantity: 10 },
    });
    const placed = await withKey<{ checkoutId: string }>(
      checkoutRoute.POST,
      ours.key,
      '/api/checkout',
      { method: 'POST', body: SHIP_TO },
    );
    const theirs = await companyKey(['orders:read']);
    const read = await withKey(
      oneCheckout.GET,
      theirs.key,
      `/api/checkout/${placed.body.checkoutId}`,
      {
        params: { id: placed.body.checkoutId },
      },
    );
    expect(read.status).toBe(404);
    const list = await withKey(orderByKey.GET, theirs.key, `/api/order/${ours.owner.email}`, {
      params: { key: ours.owner.email },
    });
    expect(list.status).toBe(403);
  });

  it('never call admin routes, key management, or a route no scope opens', async () => {
    const { key, owner, keyId } = await companyKey([
      'catalogue:read',
      'orders:read',
      'orders:write',
      'invoices:read',
    ]);
    const refusals = [
      await withKey(orderRoute.GET, key, '/api/order'),
      await withKey(auditRoute.GET, key, '/api/audit'),
      await withKey(keysRoute.GET, key, '/api/company/api-keys'),
      await withKey(keysRoute.POST, key, '/api/company/api-keys', {
        method: 'POST',
        body: { name: 'More', scopes: ['orders:read'] },
      }),
      await withKey(keyRoute.DELETE, key, `/api/company/api-keys/${keyId}`, {
        method: 'DELETE',
        params: { id: keyId },
      }),
      await withKey(memberRoute.DELETE, key, `/api/company/members/${owner.id}`, {
        method: 'DELETE',
        params: { userId: owner.id },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('API keys can not call this');
    }
    expect(
      await getDb().select().from(apiKeys).where(eq(apiKeys.createdBy, owner.id)),
    ).toHaveLength(1);
    expect((await keyRow(keyId)).revokedAt).toBeNull();
  });

  it('stop when expired, or when their maker is no longer an owner or is made an admin', async () => {
    const expired = await companyKey(['catalogue:read']);
    await getDb()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.keyId));
    expect((await withKey(toolsRoute.GET, expired.key, '/api/tools')).status).toBe(401);

    const demoted = await companyKey(['catalogue:read']);
    await getDb()
      .update(companyMembers)
      .set({ role: 'buyer' })
      .where(eq(companyMembers.userId, demoted.owner.id));
    expect((await withKey(toolsRoute.GET, demoted.key, '/api/tools')).status).toBe(401);

    const promoted = await companyKey(['catalogue:read']);
    await getDb().update(users).set({ role: 'admin' }).where(eq(users.id, promoted.owner.id));
    expect((await withKey(toolsRoute.GET, promoted.key, '/api/tools')).status).toBe(401);

    const forged = await withKey(toolsRoute.GET, `tk_live_${'A'.repeat(43)}`, '/api/tools');
    expect(forged.status).toBe(401);
  });

  it(`are throttled at ${API_KEY_CALLS_PER_MINUTE} calls a minute per key`, async () => {
    const { key, keyId } = await companyKey(['catalogue:read']);
    const other = await companyKey(['catalogue:read']);
    expect((await withKey(toolsRoute.GET, key, '/api/tools')).status).toBe(200);
    // This minute's count brought to the limit, as 599 more calls would have.
    await getDb()
      .update(apiKeys)
      .set({ windowCount: API_KEY_CALLS_PER_MINUTE })
      .where(eq(apiKeys.id, keyId));
    const refused = await withKey(toolsRoute.GET, key, '/api/tools');
    if ((await keyRow(keyId)).windowCount === 1) return; // the minute turned between the two calls
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await withKey(toolsRoute.GET, other.key, '/api/tools')).status).toBe(200);
  });

  it('count every call of a minute under concurrency', async () => {
    const { key, keyId } = await companyKey(['catalogue:read']);
    await Promise.all(Array.from({ length: 20 }, () => withKey(toolsRoute.GET, key, '/api/tools')));
    const row = await keyRow(keyId);
    // All 20 in one minute, or split across its turn: never a lost count within one.
    expect(row.windowCount === 20 || row.windowStartedAt!.getUTCSeconds() === 0).toBe(true);
  });
});
