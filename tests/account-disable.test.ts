import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as paymentIntentRoute from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as orderRoute from '@/app/api/order/route';
import * as passwordChangeRoute from '@/app/api/password/change/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as disabledRoute from '@/app/api/user/disabled/[id]/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import * as resendVerificationRoute from '@/app/api/verify-email/resend/route';
import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { AccountDisabledError, authorize } from '@/lib/auth/credentials';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import type { UserDto } from '@/lib/types';
import { createUser } from '@/lib/users/accounts';
import { call, cookieOf, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;

beforeEach(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer');
});

const setDisabled = (
  user: { id: string },
  body: unknown,
  credential: { token?: string; cookie?: string } = { token: admin.token },
) =>
  call<ErrorBody & { modifiedCount: number }>(disabledRoute.PUT, {
    method: 'PUT',
    params: { id: user.id },
    body,
    token: credential.token,
    headers: credential.cookie ? { cookie: credential.cookie } : {},
  });

const rowOf = async (id: string) =>
  (await getDb().select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/user/disabled/{id}: who may', () => {
  it('is 401 signed out, 403 for a customer, and writes nothing', async () => {
    expect((await setDisabled(alice, { disabled: true }, {})).status).toBe(401);
    const customer = await makeUser('customer');
    const refused = await setDisabled(alice, { disabled: true }, { token: customer.token });
    expect(refused.status).toBe(403);
    expect((await rowOf(alice.id)).disabledAt).toBeNull();
  });

  it('is 400 with the field message for a bad body, after identity and permission', async () => {
    for (const body of [{}, { disabled: 'yes' }, { disabled: 1 }]) {
      const bad = await setDisabled(alice, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({ disabled: 'disabled must be true or false' });
    }
    // A customer learns nothing about the body's rules.
    expect((await setDisabled(alice, {}, { token: alice.token })).status).toBe(403);
    expect((await rowOf(alice.id)).disabledAt).toBeNull();
  });

  it('is 404 for an unknown or malformed id and 409 on oneself', async () => {
    expect((await setDisabled({ id: randomUUID() }, { disabled: true })).status).toBe(404);
    expect((await setDisabled({ id: 'not-an-id' }, { disabled: true })).status).toBe(404);
    const self = await setDisabled(admin, { disabled: true });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe('You can not disable your own account');
    expect((await rowOf(admin.id)).disabledAt).toBeNull();
  });

  it('lets an admin disable and enable; the list shows it', async () => {
    const before = (await rowOf(alice.id)).sessionVersion;
    const disabled = await setDisabled(alice, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(disabled.body.modifiedCount).toBe(1);
    const row = await rowOf(alice.id);
    expect(row.disabledAt).toBeInstanceOf(Date);
    // Every session of the account ends with it.
    expect(row.sessionVersion).toBe(before + 1);
    expect((await setDisabled(alice, { disabled: true })).body.modifiedCount).toBe(0);
    const list = await call<UserDto[]>(usersRoute.GET, { token: admin.token });
    expect(list.body.find((user) => user._id === alice.id)?.disabled).toBe(true);
    expect((await setDisabled(alice, { disabled: false })).body.modifiedCount).toBe(1);
    expect((await rowOf(alice.id)).disabledAt).toBeNull();
  });

  it('takes a session cookie as well as a bearer token', async () => {
    const byCookie = await setDisabled(
      alice,
      { disabled: true },
      { cookie: await cookieOf(admin) },
    );
    expect(byCookie.status).toBe(200);
  });
});

describe('a disabled account', () => {
  /** Disables without moving the session version: the disabled flag alone must refuse every call. */
  const disableInPlace = (user: TestUser) =>
    getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));

  const customerCalls = (user: TestUser, toolId: string) =>
    [
      ['GET /api/user/{email}', userByKey.GET, { params: { key: user.email } }],
      [
        'PUT /api/user/{email}',
        userByKey.PUT,
        { method: 'PUT', params: { key: user.email }, body: { phone: '1' } },
      ],
      ['GET /api/order/{email}', orderByKey.GET, { params: { key: user.email } }],
      [
        'POST /api/order',
        orderRoute.POST,
        { method: 'POST', body: { toolId, quantity: 10, address: 'A street 1', phone: '123456' } },
      ],
      [
        'POST /api/reviews',
        reviewsRoute.POST,
        { method: 'POST', body: { rating: 5, description: 'Great tools' } },
      ],
      [
        'POST /api/password/change',
        passwordChangeRoute.POST,
        { method: 'POST', body: { currentPassword: 'secret12', newPassword: 'secret34' } },
      ],
      [
        'POST /api/create-payment-intent',
        paymentIntentRoute.POST,
        { method: 'POST', body: { orderId: randomUUID() } },
      ],
      ['POST /api/verify-email/resend', resendVerificationRoute.POST, { method: 'POST', body: {} }],
    ] as const;

  it('is refused on every route family, by bearer token and by cookie', async () => {
    const tool = await makeTool();
    const cookie = await cookieOf(alice);
    // Before: the same calls get past identity.
    const before = await call(userByKey.GET, { params: { key: alice.email }, token: alice.token });
    expect(before.status).toBe(200);
    await disableInPlace(alice);
    for (const [name, handler, options] of customerCalls(alice, tool.id)) {
      const byToken = await call(handler, { ...options, token: alice.token });
      const byCookie = await call(handler, { ...options, headers: { cookie } });
      expect([name, byToken.status, byCookie.status]).toEqual([name, 401, 401]);
    }
    expect((await rowOf(alice.id)).phone).toBeNull();
    const [unchanged] = await getDb().select().from(users).where(eq(users.id, alice.id));
    expect(unchanged?.sessionVersion).toBe(0);
  });

  it('is refused on the admin routes when it is an admin', async () => {
    const other = await makeUser('admin');
    await disableInPlace(other);
    const calls = [
      ['GET /api/user', usersRoute.GET, {}],
      ['GET /api/order', orderRoute.GET, {}],
      ['POST /api/tools', toolsRoute.POST, { method: 'POST', body: {} }],
      [
        'PUT /api/user/disabled/{id}',
        disabledRoute.PUT,
        { method: 'PUT', params: { id: alice.id }, body: { disabled: true } },
      ],
    ] as const;
    for (const [name, handler, options] of calls) {
      const refused = await call<ErrorBody>(handler, { ...options, token: other.token });
      expect([name, refused.status, refused.body.error.code]).toEqual([name, 401, 'unauthorized']);
    }
  });

  it('can sign in again once enabled (a fresh sign-in at the new session version)', async () => {
    await setDisabled(alice, { disabled: true });
    await setDisabled(alice, { disabled: false });
    const { sessionVersion } = await rowOf(alice.id);
    const cookie = await cookieOf(alice, { sv: sessionVersion });
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, headers: { cookie } })).status,
    ).toBe(200);
    // The cookie from before the disabling stays ended.
    const old = await call(userByKey.GET, {
      params: { key: alice.email },
      headers: { cookie: await cookieOf(alice) },
    });
    expect(old.status).toBe(401);
  });
});

describe('signing in to a disabled account with a password', () => {
  const request = () =>
    new Request('http://localhost/api/auth/callback/credentials', {
      headers: {
        'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
    });

  it(`says "${ACCOUNT_DISABLED}" only to the right password, and works again once enabled`, async () => {
    const email = `off-${randomUUID().slice(0, 8)}@test.dev`;
    const id = await createUser({ name: 'Off', email, password: 'secret12' });
    await setDisabled({ id }, { disabled: true });
    await expect(authorize({ email, password: 'secret12' }, request())).rejects.toBeInstanceOf(
      AccountDisabledError,
    );
    expect(await authorize({ email, password: 'wrong-one' }, request())).toBeNull();
    await setDisabled({ id }, { disabled: false });
    expect(await authorize({ email, password: 'secret12' }, request())).toMatchObject({
      id,
      email,
    });
  });
});
