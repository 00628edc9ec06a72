import { beforeEach, describe, expect, it } from 'vitest';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as orderRoute from '@/app/api/order/route';
import * as userByKey from '@/app/api/user/[key]/route';
import { endAllSessions } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db/client';
import { call, cookieOf, makeTool, makeUser, type TestUser } from './helpers';

let alice: TestUser;
let cookie: string;

beforeEach(async () => {
  alice = await makeUser('customer');
  cookie = await cookieOf(alice);
});

const readProfile = (credential: { token?: string; cookie?: string }) =>
  call(userByKey.GET, {
    params: { key: alice.email },
    token: credential.token,
    headers: credential.cookie ? { cookie: credential.cookie } : {},
  });

describe('ending every session of an account', () => {
  it('refuses a copied bearer token and session cookie once the version moved on', async () => {
    expect((await readProfile({ token: alice.token })).status).toBe(200);
    expect((await readProfile({ cookie })).status).toBe(200);
    expect(await endAllSessions(alice.id)).toBe(1);
    expect((await readProfile({ token: alice.token })).status).toBe(401);
    expect((await readProfile({ cookie })).status).toBe(401);
  });

  it('refuses them on the calls that read the account in their own statement too', async () => {
    const tool = await makeTool();
    await endAllSessions(alice.id);
    const order = await call(orderRoute.POST, {
      method: 'POST',
      token: alice.token,
      body: { toolId: tool.id, quantity: 10, address: 'A street 1', phone: '5550100' },
    });
    expect(order.status).toBe(401);
    const list = await call(orderByKey.GET, { params: { key: alice.email }, headers: { cookie } });
    expect(list.status).toBe(401);
  });

  it('takes a transaction, so the bump commits with its cause', async () => {
    const version = await getDb().transaction((tx) => endAllSessions(alice.id, tx));
    expect(version).toBe(1);
    expect((await readProfile({ token: alice.token })).status).toBe(401);
  });

  it('gives a fresh token under the new version to a new sign-in', async () => {
    await endAllSessions(alice.id);
    const signedIn = await call<{ token: string }>(userByKey.PUT, {
      method: 'PUT',
      params: { key: alice.email },
      headers: { cookie: await cookieOf(alice, { sv: 1 }) },
      body: {},
    });
    expect(signedIn.status).toBe(200);
    expect((await readProfile({ token: signedIn.body.token })).status).toBe(200);
  });
});
