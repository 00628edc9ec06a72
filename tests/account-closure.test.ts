import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as accountRoute from '@/app/api/account/route';
import * as userByKey from '@/app/api/user/[key]/route';
import { CLOSED_EMAIL, CLOSED_NAME } from '@/lib/orders/account-closure';
import {
  LAST_ADMIN,
  LAST_COMPANY_OWNER,
  RECENT_LOGIN_REQUIRED,
  WRONG_PASSWORD,
} from '@/lib/users/close-account';
import { createCompany } from '@/lib/companies/create';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { companyMembers, mailOutbox, orders, reviews, tools, users } from '@/lib/db/schema';
import { confirmEnrolment, startEnrolment } from '@/lib/two-factor/service';
import { codeAt } from '@/lib/two-factor/totp';
import {
  actorOf,
  call,
  cookieOf,
  insertOrderLine,
  makeTool,
  makeUser,
  type ErrorBody,
  type TestUser,
} from './helpers';

const PASSWORD = 'correct horse';
let alice: TestUser;

beforeEach(async () => {
  alice = await makeUser('customer');
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, alice.id));
});

const close = (options: { cookie?: string; token?: string; body?: unknown }) =>
  call<ErrorBody>(accountRoute.DELETE, {
    method: 'DELETE',
    token: options.token,
    headers: {
      ...(options.cookie && { cookie: options.cookie }),
      'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
    },
    body: options.body ?? {},
  });

async function placeOrder(user: TestUser, toolId: string, quantity: number, paid: boolean) {
  // Stock leaves the shelf when an order is placed (lib/orders.ts); the fixture does the same.
  await getDb()
    .update(tools)
    .set({ quantity: 100 - quantity })
    .where(eq(tools.id, toolId));
  return insertOrderLine({
    toolId,
    userId: user.id,
    productName: 'Hammer',
    sku: 'HAMMER-1',
    unitPriceCents: 100,
    quantity,
    totalCents: 100 * quantity,
    email: user.email,
    userName: user.name,
    address: '1 Road',
    phone: '555',
    paid,
    transactionId: paid ? `tx-${user.id}` : null,
  });
}

describe('who may close an account', () => {
  it('answers 401 to a stranger', async () => {
    const result = await close({});
    expect(result.status).toBe(401);
  });

  it('asks for confirmation when the sign-in is older than 10 minutes, or the caller has only a token', async () => {
    const stale = await cookieOf(alice, { authAt: Date.now() - 11 * 60_000 });
    const refused = await close({ cookie: stale });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(RECENT_LOGIN_REQUIRED);
    expect((await close({ token: alice.token })).status).toBe(403);
    const wrong = await close({ cookie: stale, body: { password: 'wrong password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ password: WRONG_PASSWORD });
    expect(await getDb().select().from(users).where(eq(users.id, alice.id))).toHaveLength(1);
    expect((await close({ token: alice.token, body: { password: PASSWORD } })).status).toBe(200);
  });

  it('takes a recent sign-in as it is', async () => {
    const recent = await cookieOf(alice, { authAt: Date.now() - 9 * 60_000 });
    const result = await close({ cookie: recent });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('takes a two-factor code instead of the password', async () => {
    const { secret } = await startEnrolment(actorOf(alice));
    const now = Date.now();
    const { sessionVersion } = await confirmEnrolment(
      actorOf(alice),
      codeAt(secret, now - 30_000),
      {
        ip: '10.1.1.1',
        now: now - 30_000,
      },
    );
    const stale = await cookieOf(alice, { sv: sessionVersion, authAt: now - 60 * 60_000 });
    expect((await close({ cookie: stale, body: { code: '000000' } })).status).toBe(400);
    expect((await close({ cookie: stale, body: { code: codeAt(secret, now) } })).status).toBe(200);
  });

  it('refuses the last admin with a clear 409, and lets an admin go while another stays', async () => {
    await getDb().update(users).set({ role: 'customer' }).where(eq(users.role, 'admin'));
    const admin = await makeUser('admin');
    const refused = await close({ cookie: await cookieOf(admin) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LAST_ADMIN);
    await makeUser('admin');
    expect((await close({ cookie: await cookieOf(admin) })).status).toBe(200);
  });

  it("refuses the last owner of a company others buy for; a company's sole member may go", async () => {
    const buyer = await makeUser('customer');
    const { companyId } = await createCompany(actorOf(alice), { name: 'Closing Co' });
    await getDb().insert(companyMembers).values({ userId: buyer.id, companyId, role: 'buyer' });
    const refused = await close({ cookie: await cookieOf(alice) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LAST_COMPANY_OWNER);
    await getDb().delete(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect((await close({ cookie: await cookieOf(alice) })).status).toBe(200);
  });

  it('refuses bad input with the field message and writes nothing', async () => {
    const result = await close({ token: alice.token, body: { password: 'x'.repeat(2000) } });
    expect(result.status).toBe(400);
    expect(result.body.error.fields?.password).toBe('The password is too long');
    expect(await getDb().select().from(users).where(eq(users.id, alice.id))).toHaveLength(1);
  });
});

describe('what closing does', () => {
  it('cancels unpaid orders with their stock back, keeps paid ones anonymised, strips reviews, ends sessions and mails', async () => {
    const tool = await makeTool({ quantity: 100 });
    const unpaid = await placeOrder(alice, tool.id, 10, false);
    const paidTool = await makeTool({ quantity: 100 });
    const paid = await placeOrder(alice, paidTool.id, 20, true);
    await getDb().insert(reviews).values({
      userId: alice.id,
      userName: alice.name,
      email: alice.email,
      userReview: 'Great hammer',
      rating: 5,
    });
    const cookie = await cookieOf(alice);
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, headers: { cookie } })).status,
    ).toBe(200);

    expect((await close({ cookie })).status).toBe(200);

    expect(await getDb().select().from(orders).where(eq(orders.id, unpaid.id))).toHaveLength(0);
    const [restocked] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(restocked!.quantity).toBe(100);
    const [kept] = await getDb().select().from(orders).where(eq(orders.id, paid.id));
    expect(kept).toMatchObject({
      paid: true,
      userName: CLOSED_NAME,
      email: CLOSED_EMAIL,
      userId: null,
      totalCents: 2000,
    });
    const [paidStock] = await getDb().select().from(tools).where(eq(tools.id, paidTool.id));
    expect(paidStock!.quantity).toBe(80);
    const left = await getDb().select().from(reviews).where(eq(reviews.userReview, 'Great hammer'));
    expect(left.map((review) => review.email)).toContain('');
    expect(left.map((review) => review.email)).not.toContain(alice.email);
    expect(await getDb().select().from(users).where(eq(users.id, alice.id))).toHaveLength(0);
    // The old cookie and token are refused.
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, headers: { cookie } })).status,
    ).toBe(401);
    expect(
      (await call(userByKey.GET, { params: { key: alice.email }, token: alice.token })).status,
    ).toBe(401);
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, alice.email), eq(mailOutbox.kind, 'account_closed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ cancelledOrders: 1, keptOrders: 1 });
  });

  it('frees the email: a new sign-up with it starts empty', async () => {
    expect((await close({ cookie: await cookieOf(alice) })).status).toBe(200);
    const [again] = await getDb()
      .insert(users)
      .values({ email: alice.email, name: 'New Alice' })
      .returning();
    expect(again!.id).not.toBe(alice.id);
  });
});
