import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as paymentIntent from '@/app/api/create-payment-intent/route';
import * as orderRoute from '@/app/api/order/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import { getDb } from '@/lib/db/client';
import { idempotencyKeys, orders, paymentIntents, reviews, tools, users } from '@/lib/db/schema';
import { call, makeTool, makeUser, type TestUser } from './helpers';

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await makeUser('customer');
  bob = await makeUser('customer');
});

const orderBody = (toolId: string) => ({
  toolId,
  quantity: 10,
  address: 'A street 1',
  phone: '5550100',
});

const placeOrder = (user: TestUser, key: string, toolId: string) =>
  call<{ insertedId: string; checkoutId: string }>(orderRoute.POST, {
    method: 'POST',
    token: user.token,
    headers: { 'idempotency-key': key },
    body: orderBody(toolId),
  });

const stockOf = async (toolId: string) =>
  (await getDb().select().from(tools).where(eq(tools.id, toolId)))[0]!.quantity;

describe('Idempotency-Key', () => {
  it('answers a retried order with the first insertedId and moves the stock once', async () => {
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    const first = await placeOrder(alice, key, tool.id);
    const retry = await placeOrder(alice, key, tool.id);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body.insertedId).toBe(first.body.insertedId);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await stockOf(tool.id)).toBe(90);
    expect(await getDb().select().from(orders).where(eq(orders.toolId, tool.id))).toHaveLength(1);
  });

  it('places one order for ten concurrent requests with one key', async () => {
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(alice, key, tool.id)),
    );
    expect(new Set(answers.map((answer) => answer.body.insertedId)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(await stockOf(tool.id)).toBe(90);
  });

  it('keeps keys per account, and a new key places a new order', async () => {
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    const mine = await placeOrder(alice, key, tool.id);
    const theirs = await placeOrder(bob, key, tool.id);
    const another = await placeOrder(alice, randomUUID(), tool.id);
    expect(new Set([mine, theirs, another].map((answer) => answer.body.insertedId)).size).toBe(3);
    expect(await stockOf(tool.id)).toBe(70);
  });

  it('refuses the same key with a different request, and stores no failure', async () => {
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    await placeOrder(alice, key, tool.id);
    const other = await call(orderRoute.POST, {
      method: 'POST',
      token: alice.token,
      headers: { 'idempotency-key': key },
      body: { ...orderBody(tool.id), quantity: 11 },
    });
    expect(other.status).toBe(409);
    const failing = randomUUID();
    const tooMany = { ...orderBody(tool.id), quantity: 1000 };
    const refused = await call(orderRoute.POST, {
      method: 'POST',
      token: alice.token,
      headers: { 'idempotency-key': failing },
      body: tooMany,
    });
    expect(refused.status).toBe(400);
    const rows = await getDb()
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, failing));
    expect(rows).toHaveLength(0);
  });

  it('forgets a key after 24 hours', async () => {
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    const first = await placeOrder(alice, key, tool.id);
    await getDb()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await placeOrder(alice, key, tool.id);
    expect(later.body.insertedId).not.toBe(first.body.insertedId);
  });

  it.each([
    ['removed', (user: TestUser) => getDb().delete(users).where(eq(users.id, user.id))],
    [
      'disabled',
      (user: TestUser) =>
        getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id)),
    ],
  ])('a %s account with a key: 401, no stock taken, no key kept', async (_, end) => {
    const gone = await makeUser('customer');
    await end(gone);
    const tool = await makeTool({ quantity: 100 });
    const key = randomUUID();
    expect((await placeOrder(gone, key, tool.id)).status).toBe(401);
    expect(await stockOf(tool.id)).toBe(100);
    expect(
      await getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    ).toEqual([]);
  });

  it('refuses a malformed key', async () => {
    const tool = await makeTool();
    expect((await placeOrder(alice, 'x'.repeat(256), tool.id)).status).toBe(400);
  });

  it('answers a retried review and payment intent with the first result', async () => {
    const key = randomUUID();
    const review = () =>
      call<{ insertedId: string }>(reviewsRoute.POST, {
        method: 'POST',
        token: alice.token,
        headers: { 'idempotency-key': key },
        body: { userReview: `Retried ${key}`, rating: 4 },
      });
    expect((await review()).body.insertedId).toBe((await review()).body.insertedId);
    const stored = await getDb()
      .select()
      .from(reviews)
      .where(eq(reviews.userReview, `Retried ${key}`));
    expect(stored).toHaveLength(1);

    const tool = await makeTool();
    const order = await placeOrder(alice, randomUUID(), tool.id);
    const intentKey = randomUUID();
    const intent = () =>
      call<{ clientSecret: string }>(paymentIntent.POST, {
        method: 'POST',
        token: alice.token,
        headers: { 'idempotency-key': intentKey },
        body: { orderId: order.body.insertedId },
      });
    const [a, b] = [await intent(), await intent()];
    expect(a.status).toBe(200);
    expect(b.body.clientSecret).toBe(a.body.clientSecret);
    const intents = await getDb()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.checkoutId, order.body.checkoutId));
    expect(intents).toHaveLength(1);
  });
});
