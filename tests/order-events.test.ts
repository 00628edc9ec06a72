import { beforeAll, describe, expect, it } from 'vitest';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { placeOrder } from '@/lib/orders/placement';
import { getOrderTimeline } from '@/lib/orders/queries';
import { readOrderEvents } from '@/lib/orders/events';
import { actorOf, call, makeTool, makeUser, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice');
  bob = await makeUser('customer', 'Bob');
});

async function order(user: TestUser) {
  const tool = await makeTool({ quantity: 100, minQuantity: 1 });
  const { insertedId } = await placeOrder(actorOf(user), {
    toolId: tool.id,
    quantity: 3,
    address: '1 History Lane',
    phone: '+1 555 0100',
  });
  return insertedId;
}

const history = async (orderId: string) =>
  (await readOrderEvents(getDb(), orderId)).map(({ kind, actor }) => `${kind} by ${actor}`);

async function startPayment(user: TestUser, orderId: string): Promise<string> {
  const intent = await call<{ clientSecret: string }>(intentRoute.POST, {
    method: 'POST',
    body: { orderId },
    token: user.token,
  });
  expect(intent.status).toBe(200);
  return intent.body.clientSecret;
}

describe('order history', () => {
  it('records each change with its actor: placed, payment started (once), paid, shipped', async () => {
    const orderId = await order(alice);
    const secret = await startPayment(alice, orderId);
    // The payment page opened again answers the same intent: its start is recorded once.
    await startPayment(alice, orderId);
    const confirmed = await call<{ id: string }>(confirmRoute.POST, {
      method: 'POST',
      body: { clientSecret: secret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      token: alice.token,
    });
    const paid = await call(orderByKey.PATCH, {
      method: 'PATCH',
      params: { key: orderId },
      body: { transactionId: confirmed.body.id },
      token: alice.token,
    });
    expect(paid.status).toBe(200);
    const shipped = await call(shippedRoute.PUT, {
      method: 'PUT',
      params: { id: orderId },
      token: admin.token,
    });
    expect(shipped.status).toBe(200);

    expect(await history(orderId)).toEqual([
      'placed by customer',
      'payment_started by customer',
      'paid by customer',
      'shipped by admin',
    ]);
    const events = await readOrderEvents(getDb(), orderId);
    expect(events.find((event) => event.kind === 'paid')?.reference).toBe(confirmed.body.id);
  });

  it('keeps the history of a cancelled order, whose row is gone', async () => {
    const orderId = await order(alice);
    const cancelled = await call(orderByKey.DELETE, {
      method: 'DELETE',
      params: { key: orderId },
      token: admin.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await history(orderId)).toEqual(['placed by customer', 'cancelled by admin']);
  });

  it('writes nothing for a change that rolled back', async () => {
    const orderId = await order(bob);
    // A CHECK added for this test refuses the stock coming back: the cancellation rolls back whole.
    const [placed] = await getDb()
      .select({ toolId: orders.toolId })
      .from(orders)
      .where(eq(orders.id, orderId));
    await getDb().execute(
      `ALTER TABLE tools ADD CONSTRAINT tools_test_cap CHECK (id <> '${placed!.toolId}' OR quantity < 98) NOT VALID`,
    );
    try {
      const refused = await call(orderByKey.DELETE, {
        method: 'DELETE',
        params: { key: orderId },
        token: bob.token,
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
    } finally {
      await getDb().execute(`ALTER TABLE tools DROP CONSTRAINT tools_test_cap`);
    }
    expect(await history(orderId)).toEqual(['placed by customer']);
  });

  it('shows the timeline to the owner and admins only', async () => {
    const orderId = await order(alice);
    expect((await getOrderTimeline(actorOf(alice), orderId)).events.map((e) => e.kind)).toEqual([
      'placed',
    ]);
    expect((await getOrderTimeline(actorOf(admin), orderId)).order._id).toBe(orderId);
    await expect(getOrderTimeline(actorOf(bob), orderId)).rejects.toMatchObject({ status: 403 });
    await expect(getOrderTimeline(null, orderId)).rejects.toMatchObject({ status: 401 });
  });
});
