import { encode } from 'next-auth/jwt';
import { NextRequest } from 'next/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ordersByKey from '@/app/api/order/[key]/route';
import * as ordersRoute from '@/app/api/order/route';
import { getActor } from '@/lib/auth/caller';
import { getDb } from '@/lib/db/client';
import { proxy } from '@/proxy';
import { call, makeTool, makeUser, type TestUser } from './helpers';

// One caller per request: how many statements read the account table (users) while one request is answered. The
// driver's query function sees every statement of both drivers (PGlite, node-postgres outside transactions).

type Statement = string | { text: string };
const textOf = (statement: unknown) =>
  typeof statement === 'string' ? statement : ((statement as { text?: string })?.text ?? '');

function countAccountReads(): () => number {
  const driver = (
    getDb() as unknown as { session: { client: { query: (q: Statement) => unknown } } }
  ).session.client;
  const spy = vi.spyOn(driver, 'query');
  return () =>
    spy.mock.calls.filter(([statement]) => /\bfrom\s+"users"/i.test(textOf(statement))).length;
}

afterEach(() => vi.restoreAllMocks());

let alice: TestUser;
beforeAll(async () => {
  alice = await makeUser('customer');
});

const orderBody = (toolId: string, quantity: number) => ({
  toolId,
  quantity,
  address: '1 Main St',
  phone: '+1 555 0100',
});

describe('account reads per request', () => {
  it.each([
    ['a placed order', 10, 201],
    ['an order refused for its quantity', 5, 400],
    ['an order refused for the stock', 1_000, 400],
  ])('POST /api/order, %s: one read, in the order statement', async (_, quantity, status) => {
    const tool = await makeTool({ quantity: 100, minQuantity: 10 });
    const reads = countAccountReads();
    const answer = await call(ordersRoute.POST, {
      method: 'POST',
      body: orderBody(tool.id, quantity),
      token: alice.token,
    });
    expect(answer.status).toBe(status);
    expect(reads()).toBe(1);
  });

  it('GET /api/order/{email}, the signed-in read: one read', async () => {
    const reads = countAccountReads();
    const answer = await call(ordersByKey.GET, {
      token: alice.token,
      params: { key: alice.email },
    });
    expect(answer.status).toBe(200);
    expect(reads()).toBe(1);
  });

  it('a route handler asking twice about its request reads the account once', async () => {
    const request = new Request('http://localhost/api/test', {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const reads = countAccountReads();
    const [first, second] = [await getActor(request), await getActor(request)];
    expect(first?.userId).toBe(alice.id);
    expect(second).toBe(first);
    expect(reads()).toBe(1);
  });

  it('the proxy lets a signed-in page through without reading the account (the page reads it)', async () => {
    const cookie = await encode({
      token: { sub: alice.id, sv: 0, email: alice.email, role: 'customer' },
      secret: process.env.AUTH_SECRET!,
      salt: 'authjs.session-token',
    });
    const reads = countAccountReads();
    const response = await proxy(
      new NextRequest('http://localhost/dashboard/myorder', {
        headers: { cookie: `authjs.session-token=${cookie}` },
      }),
    );
    expect(response.headers.get('location')).toBeNull();
    expect(reads()).toBe(0);
  });
});
