import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as ordersRoute from '@/app/api/order/route';
import * as signupRoute from '@/app/api/signup/route';
import * as adminRoute from '@/app/api/user/admin/[email]/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import { verifyPassword } from '@/lib/auth/passwords';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';
import { orders, tools, users } from '@/lib/db/schema';
import type { UserDto } from '@/lib/types';
import { createUser, ensureAdmin } from '@/lib/users/accounts';
import { call, cookieOf, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer');
  bob = await makeUser('customer');
});

const userRow = async (email: string) =>
  (await getDb().select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/signup', () => {
  it('creates a customer with an argon2id hash, whatever role the body claims', async () => {
    const email = `new-${randomUUID().slice(0, 6)}@test.dev`;
    const { status, body } = await call<{ insertedId: string }>(signupRoute.POST, {
      method: 'POST',
      body: { name: 'New Person', email: email.toUpperCase(), password: 'secret12', role: 'admin' },
    });
    expect(status).toBe(201);
    const row = await userRow(email);
    expect(row).toMatchObject({ id: body.insertedId, name: 'New Person', role: 'customer' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 409 for a taken email and 400 with the field messages', async () => {
    const taken = await call<ErrorBody>(signupRoute.POST, {
      method: 'POST',
      body: { name: 'Again', email: alice.email, password: 'secret12' },
    });
    expect(taken.status).toBe(409);
    const bad = await call<ErrorBody>(signupRoute.POST, {
      method: 'POST',
      body: { email: 'x', password: '1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      name: 'name is Required',
      email: 'Provide a valid Email',
      password: 'Must be 6 characters or longer',
    });
  });
});

describe('PUT /api/user/{email}', () => {
  it('gives the signed-in owner a bearer token naming them', async () => {
    const { status, body } = await call<{ token: string }>(userByKey.PUT, {
      method: 'PUT',
      params: { key: alice.email },
      body: { email: alice.email },
      token: alice.token,
    });
    expect(status).toBe(200);
    expect((await verifyAccessToken(body.token))?.userId).toBe(alice.id);
  });

  it('renews a token only for a signed-in session: a token alone gets itself back', async () => {
    const sync = (headers: Record<string, string>, token?: string) =>
      call<{ token: string }>(userByKey.PUT, {
        method: 'PUT',
        params: { key: alice.email },
        body: { email: alice.email },
        token,
        headers,
      });
    // Ten minutes on, so that a renewed token differs from the one presented.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    try {
      expect((await sync({}, alice.token)).body.token).toBe(alice.token);
      const signedIn = await sync({ cookie: await cookieOf(alice) }, alice.token);
      expect((await verifyAccessToken(signedIn.body.token))?.userId).toBe(alice.id);
      expect(decodeJwt(signedIn.body.token).exp).toBeGreaterThan(decodeJwt(alice.token).exp!);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives nobody a token for another email, admins included', async () => {
    for (const [token, expected] of [
      [undefined, 401],
      [bob.token, 403],
      [admin.token, 403],
    ] as const) {
      const { status } = await call(userByKey.PUT, {
        method: 'PUT',
        params: { key: alice.email },
        body: { email: alice.email },
        token,
      });
      expect(status).toBe(expected);
    }
  });

  it('updates the profile but never the role', async () => {
    const profile = {
      address: '1 Road',
      education: 'BSc',
      institution: 'Uni',
      phone: '+1 555 0100',
      linkedIn: 'https://linkedin.com/in/a',
    };
    const { status, body } = await call<{ modifiedCount: number }>(userByKey.PUT, {
      method: 'PUT',
      params: { key: alice.email },
      body: { ...profile, role: 'admin', email: bob.email },
      token: alice.token,
    });
    expect(status).toBe(200);
    expect(body.modifiedCount).toBe(1);
    expect(await userRow(alice.email)).toMatchObject({ ...profile, role: 'customer' });
  });

  it('takes a name only while the account has none (sign-up)', async () => {
    const put = (user: TestUser, name: string) =>
      call(userByKey.PUT, {
        method: 'PUT',
        params: { key: user.email },
        body: { email: user.email, name },
        token: user.token,
      });
    const named = await makeUser('customer', 'Carol Named');
    expect((await put(named, 'Mallory')).status).toBe(200);
    expect((await userRow(named.email))?.name).toBe('Carol Named');
    const unnamed = await makeUser();
    await getDb().update(users).set({ name: null }).where(eq(users.id, unnamed.id));
    await put(unnamed, 'Dana First');
    expect((await userRow(unnamed.email))?.name).toBe('Dana First');
  });

  it('answers 400 with the field message for a partial profile', async () => {
    const { status, body } = await call<ErrorBody>(userByKey.PUT, {
      method: 'PUT',
      params: { key: alice.email },
      body: { address: 'x', education: '', institution: 'u', phone: '1', linkedIn: 'l' },
      token: alice.token,
    });
    expect(status).toBe(400);
    expect(body.error.fields?.education).toBe('Education is Required');
  });
});

describe('admin routes', () => {
  it('GET /api/user lists every account without its password hash', async () => {
    const list = await call<UserDto[]>(usersRoute.GET, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.map((u) => u.email)).toEqual(
      expect.arrayContaining([alice.email, bob.email, admin.email]),
    );
    expect(JSON.stringify(list.body)).not.toContain('argon2');
  });

  it('GET /api/user/admin/{email} tells signed-in callers whether someone is admin', async () => {
    expect(
      (await call(adminRoute.GET, { params: { email: admin.email }, token: alice.token })).body,
    ).toEqual({ admin: true });
    expect(
      (await call(adminRoute.GET, { params: { email: alice.email }, token: alice.token })).body,
    ).toEqual({ admin: false });
  });

  it('PUT /api/user/admin/{email}: 403 with the contractual message for non-admins', async () => {
    const refused = await call<ErrorBody>(adminRoute.PUT, {
      method: 'PUT',
      params: { email: alice.email },
      token: alice.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only an admin make make another admin');
    expect((await userRow(alice.email))?.role).toBe('customer');
    const target = await makeUser('customer');
    const made = await call<{ modifiedCount: number }>(adminRoute.PUT, {
      method: 'PUT',
      params: { email: target.email },
      token: admin.token,
    });
    expect(made.body.modifiedCount).toBe(1);
    expect((await userRow(target.email))?.role).toBe('admin');
    // The promoted user's token now acts as admin at once.
    expect((await call(usersRoute.GET, { token: target.token })).status).toBe(200);
  });

  it('DELETE /api/user/{id}: not yourself, 404 for no one, and a removed user loses access', async () => {
    const victim = await makeUser('customer');
    const remove = (id: string, token?: string) =>
      call<{ deletedCount: number }>(userByKey.DELETE, {
        method: 'DELETE',
        params: { key: id },
        token,
      });
    expect((await remove(admin.id, admin.token)).status).toBe(409);
    expect((await remove(victim.id, admin.token)).body.deletedCount).toBe(1);
    expect(
      (await call(userByKey.GET, { params: { key: victim.email }, token: victim.token })).status,
    ).toBe(401);
    expect((await remove(randomUUID(), admin.token)).status).toBe(404);
    expect((await remove('not-an-id', admin.token)).status).toBe(404);
  });
});

describe('the configured admin (SEED_ADMIN_EMAIL)', () => {
  it('takes over an account opened beforehand with its email: admin, and only the configured password', async () => {
    const email = `boss-${randomUUID().slice(0, 6)}@test.dev`;
    await createUser({ name: 'Squatter', email, password: 'squatter-password' });
    await ensureAdmin(email, 'configured-password', 'Administrator');
    const row = await userRow(email);
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, 'configured-password')).toBe(true);
    expect(await verifyPassword(row!.passwordHash, 'squatter-password')).toBe(false);
    // A later start with the same settings changes nothing.
    await ensureAdmin(email, 'configured-password', 'Administrator');
    expect((await userRow(email))?.passwordHash).toBe(row!.passwordHash);
  });
});

describe('removing a customer who has orders', () => {
  it('cancels their unpaid orders, stock back, and keeps the paid ones', async () => {
    const customer = await makeUser();
    const tool = await makeTool({ quantity: 50, minQuantity: 1 });
    const place = async (quantity: number) =>
      (
        await call<{ insertedId: string }>(ordersRoute.POST, {
          method: 'POST',
          body: { toolId: tool.id, quantity, address: 'A', phone: '1' },
          token: customer.token,
        })
      ).body.insertedId;
    await place(5); // left unpaid
    const paid = await place(7);
    await getDb()
      .update(orders)
      .set({ paid: true, transactionId: `pi_${randomUUID()}` })
      .where(eq(orders.id, paid));
    const removed = await call<{ deletedCount: number }>(userByKey.DELETE, {
      method: 'DELETE',
      params: { key: customer.id },
      token: admin.token,
    });
    expect(removed.body.deletedCount).toBe(1);
    const left = await getDb().select().from(orders).where(eq(orders.toolId, tool.id));
    expect(left.map((order) => order.id)).toEqual([paid]);
    expect(left[0]?.userId).toBeNull();
    const [stock] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(stock?.quantity).toBe(50 - 7);
  });
});
