import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import { getDb } from '@/lib/db/client';
import { checkouts, orders, tools } from '@/lib/db/schema';
import { chargeTestCard } from '@/lib/payments/test-cards';
import { testGateway } from '@/lib/payments/test-gateway';
import {
  call,
  insertOrderLine,
  makeTool,
  makeUser,
  type ErrorBody,
  type TestUser,
} from './helpers';

let alice: TestUser;

beforeAll(async () => {
  alice = await makeUser('customer');
});

async function newOrder(user: TestUser, quantity = 10, priceCents = 1250) {
  const tool = await makeTool({ priceCents, quantity: 1000, minQuantity: 1 });
  return insertOrderLine({
    toolId: tool.id,
    userId: user.id,
    productName: tool.name,
    sku: tool.sku,
    unitPriceCents: priceCents,
    quantity,
    totalCents: priceCents * quantity,
    email: user.email,
    userName: user.name,
    address: 'A',
    phone: '1',
  });
}

const createIntent = (user: TestUser | undefined, body: Record<string, unknown>) =>
  call<{ clientSecret: string; amount: number; currency: string } & ErrorBody>(intentRoute.POST, {
    method: 'POST',
    body,
    token: user?.token,
  });

const confirm = (
  user: TestUser | undefined,
  clientSecret: string,
  cardNumber = '4242 4242 4242 4242',
  expiry = '12/40',
  cvc = '123',
) =>
  call<{ id: string; status: string } & ErrorBody>(confirmRoute.POST, {
    method: 'POST',
    body: { clientSecret, cardNumber, expiry, cvc },
    token: user?.token,
  });

const record = (user: TestUser | undefined, orderId: string, transactionId: string) =>
  call<{ modifiedCount: number } & ErrorBody>(orderByKey.PATCH, {
    method: 'PATCH',
    params: { key: orderId },
    body: { transactionId, appointment: orderId },
    token: user?.token,
  });

const orderRow = async (id: string) =>
  (await getDb().select().from(orders).where(eq(orders.id, id)))[0]!;

describe('POST /api/create-payment-intent', () => {
  it('takes the amount from the database, in cents and USD', async () => {
    const order = await newOrder(alice, 10, 1250);
    const { status, body } = await createIntent(alice, { orderId: order.id, price: 125 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ amount: 12500, currency: 'usd' });
    expect(body.clientSecret).toMatch(/_secret_/);
    const again = await createIntent(alice, { orderId: order.id });
    expect(again.body.clientSecret).toBe(body.clientSecret);
  });

  it('refuses a tampered price, an unknown order and a paid one', async () => {
    const order = await newOrder(alice);
    expect((await createIntent(alice, { orderId: order.id, price: 0.5 })).status).toBe(400);
    expect((await createIntent(alice, { orderId: randomUUID() })).status).toBe(404);
    const transactionId = `pi_${randomUUID()}`;
    await getDb().update(orders).set({ paid: true, transactionId }).where(eq(orders.id, order.id));
    await getDb()
      .update(checkouts)
      .set({ transactionId })
      .where(eq(checkouts.id, order.checkoutId));
    expect((await createIntent(alice, { orderId: order.id })).status).toBe(409);
  });
});

describe('test gateway: pay and record', () => {
  it('pays with 4242…, records the payment once, and a repeat is harmless', async () => {
    const order = await newOrder(alice);
    const { clientSecret } = (await createIntent(alice, { orderId: order.id })).body;
    const paid = await confirm(alice, clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    expect((await record(alice, order.id, paid.body.id)).body.modifiedCount).toBe(1);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paid: true, transactionId: paid.body.id });
    // The receipt's date: when the payment was recorded, kept as it was by a repeat.
    expect(Math.abs(row!.paidAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const repeat = await record(alice, order.id, paid.body.id);
    expect(repeat.status).toBe(200);
    expect(repeat.body.modifiedCount).toBe(0);
    expect((await orderRow(order.id))!.paidAt).toEqual(row!.paidAt);
  });

  it('keeps the order unpaid after a declined card', async () => {
    const order = await newOrder(alice);
    const { clientSecret } = (await createIntent(alice, { orderId: order.id })).body;
    const declined = await confirm(alice, clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    const intentId = clientSecret.split('_secret_')[0]!;
    expect((await record(alice, order.id, intentId)).status).toBe(402);
    expect((await orderRow(order.id)).paid).toBe(false);
  });

  it('refuses a forged transaction id and a payment reused for another order', async () => {
    const first = await newOrder(alice);
    const second = await newOrder(alice);
    expect((await record(alice, first.id, 'pi_forged_123')).status).toBe(400);
    const { clientSecret } = (await createIntent(alice, { orderId: first.id })).body;
    const paid = await confirm(alice, clientSecret);
    expect((await record(alice, second.id, paid.body.id)).status).toBe(400);
    expect((await orderRow(second.id)).paid).toBe(false);
  });
});

describe('cancelling an order while its payment is under way', () => {
  const cancel = (user: TestUser, orderId: string) =>
    call<{ deletedCount: number } & ErrorBody>(orderByKey.DELETE, {
      method: 'DELETE',
      params: { key: orderId },
      token: user.token,
    });
  const stockOf = async (toolId: string) =>
    (await getDb().select().from(tools).where(eq(tools.id, toolId)))[0]!.quantity;

  it('keeps an order whose card was charged but not yet recorded, and records the payment', async () => {
    const order = await newOrder(alice);
    const { clientSecret } = (await createIntent(alice, { orderId: order.id })).body;
    const charged = await confirm(alice, clientSecret);
    const stock = await stockOf(order.toolId);
    const refused = await cancel(alice, order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('A paid order can not be cancelled');
    expect(await orderRow(order.id)).toMatchObject({ paid: true, transactionId: charged.body.id });
    expect(await stockOf(order.toolId)).toBe(stock);
    // The browser's late record of the same payment is still harmless.
    expect((await record(alice, order.id, charged.body.id)).body.modifiedCount).toBe(0);
  });

  it('never charges twice: the payment page answers the intent that already succeeded', async () => {
    const order = await newOrder(alice);
    const first = (await createIntent(alice, { orderId: order.id })).body.clientSecret;
    await confirm(alice, first);
    const again = (await createIntent(alice, { orderId: order.id })).body.clientSecret;
    expect(again).toBe(first);
    // A card that would be declined shows that nothing is charged a second time.
    const repeat = await confirm(alice, again, '4000 0000 0000 0002');
    expect(repeat.body).toMatchObject({ status: 'succeeded' });
  });

  it('cancels an order with an unpaid intent, after which that intent can not be paid', async () => {
    const order = await newOrder(alice);
    const { clientSecret } = (await createIntent(alice, { orderId: order.id })).body;
    expect((await cancel(alice, order.id)).body.deletedCount).toBe(1);
    expect((await confirm(alice, clientSecret)).status).toBe(404);
  });

  it('refuses to charge an intent the gateway has cancelled', async () => {
    const order = await newOrder(alice);
    const { clientSecret } = (await createIntent(alice, { orderId: order.id })).body;
    const intentId = clientSecret.split('_secret_')[0]!;
    expect(await testGateway.cancel([intentId])).toBeNull();
    const refused = await confirm(alice, clientSecret);
    expect(refused.status).toBe(409);
    expect((await orderRow(order.id)).paid).toBe(false);
    const fresh = (await createIntent(alice, { orderId: order.id })).body.clientSecret;
    expect(fresh).not.toBe(clientSecret);
  });
});

describe('test cards', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it.each([
    ['4000 0000 0000 0002', '12/30', '123', 'Your card was declined.'],
    ['4000 0000 0000 9995', '12/30', '123', 'Your card has insufficient funds.'],
    ['4242 4242 4242 4241', '12/30', '123', 'Your card number is invalid.'],
    ['4242 4242', '12/30', '123', 'Your card number is incomplete.'],
    ['4242 abcd 4242 4242', '12/30', '123', 'Your card number is invalid.'],
    ['4242 4242 4242 4242', '10/26', '123', "Your card's expiration date is in the past."],
    ['4242 4242 4242 4242', '13/30', '123', "Your card's expiration date is invalid."],
    ['4242 4242 4242 4242', '1230', '123', "Your card's expiration date is incomplete."],
    ['4242 4242 4242 4242', '12/30', '12', "Your card's security code is incomplete."],
    ['4242 4242 4242 4242', '12/30', '12345', "Your card's security code is invalid."],
  ])('%s %s %s → %s', (cardNumber, expiry, cvc, message) => {
    expect(() => chargeTestCard({ cardNumber, expiry, cvc }, now)).toThrow(message);
  });

  it('accepts 4242… through the end of its expiry month', () => {
    expect(() =>
      chargeTestCard({ cardNumber: '4242424242424242', expiry: '11/26', cvc: '123' }, now),
    ).not.toThrow();
  });
});
