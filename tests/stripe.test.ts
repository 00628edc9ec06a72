import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as ordersRoute from '@/app/api/order/route';
import * as webhookRoute from '@/app/api/stripe/webhook/route';
import { getDb } from '@/lib/db/client';
import { placeCheckout } from '@/lib/orders/checkout';
import { cartLines, orders } from '@/lib/db/schema';
import { createStripeGateway } from '@/lib/payments/stripe-gateway';
import { actorOf, call, insertOrderLine, makeTool, makeUser } from './helpers';

/** A local stand-in for Stripe's API: records requests and answers like Stripe would. */
interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}
const recorded: Recorded[] = [];
const intents = new Map<string, { status: string; amount: number; checkoutId: string }>();
let server: Server;
let apiUrl: string;

function intentJson(id: string) {
  const intent = intents.get(id)!;
  return {
    id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: 'usd',
    status: intent.status,
    client_secret: `${id}_secret_abc`,
    metadata: { checkoutId: intent.checkoutId },
  };
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = new URLSearchParams(raw);
      recorded.push({
        method: request.method!,
        path: request.url!,
        body,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      });
      response.setHeader('content-type', 'application/json');
      const match = /^\/v1\/payment_intents\/([^/?]+)/.exec(request.url!);
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const id = `pi_${intents.size + 1}`;
        intents.set(id, {
          status: 'requires_payment_method',
          amount: Number(body.get('amount')),
          checkoutId: body.get('metadata[checkoutId]')!,
        });
        response.end(JSON.stringify(intentJson(id)));
      } else if (request.method === 'GET' && match && intents.has(match[1]!)) {
        response.end(JSON.stringify(intentJson(match[1]!)));
      } else if (request.method === 'POST' && match && request.url!.endsWith('/cancel')) {
        const intent = intents.get(match[1]!)!;
        if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
          response.statusCode = 400;
          response.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              },
            }),
          );
        } else {
          intent.status = 'canceled';
          response.end(JSON.stringify(intentJson(match[1]!)));
        }
      } else {
        response.statusCode = 404;
        response.end(
          JSON.stringify({
            error: { type: 'invalid_request_error', message: 'No such payment_intent' },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  });
  delete process.env.PAYMENTS;
});

afterAll(async () => {
  process.env = saved;
  await new Promise((resolve) => server.close(resolve));
});

describe('Stripe gateway against a local stand-in', () => {
  it('creates a USD PaymentIntent in cents with the order id and an idempotency key', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_standin', apiUrl });
    const created = await gateway.createIntent({ checkoutId: 'order-1', totalCents: 12345 });
    expect(created.clientSecret).toMatch(/_secret_/);
    const request = recorded.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.body.get('amount')).toBe('12345');
    expect(request.body.get('currency')).toBe('usd');
    expect(request.body.get('metadata[checkoutId]')).toBe('order-1');
    expect(request.idempotencyKey).toBe('checkout-order-1-12345');
  });

  it.each(['succeeded', 'requires_payment_method', 'canceled'])(
    'retrieves a %s intent as it is',
    async (status) => {
      const gateway = createStripeGateway({ secretKey: 'sk_test_standin', apiUrl });
      const { id } = await gateway.createIntent({ checkoutId: `order-${status}`, totalCents: 500 });
      intents.get(id)!.status = status;
      expect(await gateway.retrieve(id)).toEqual({
        id,
        status,
        amount: 500,
        currency: 'usd',
        orderId: null,
        checkoutId: `order-${status}`,
      });
    },
  );

  it('cancels open intents so that they can not be paid, and answers one that already succeeded', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_standin', apiUrl });
    const open = await gateway.createIntent({ checkoutId: 'order-open', totalCents: 700 });
    const done = await gateway.createIntent({ checkoutId: 'order-done', totalCents: 700 });
    intents.get(done.id)!.status = 'succeeded';
    expect(await gateway.cancel([open.id])).toBeNull();
    expect(intents.get(open.id)!.status).toBe('canceled');
    expect(recorded.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${open.id}/cancel`,
    });
    expect(await gateway.cancel([open.id, done.id])).toMatchObject({
      id: done.id,
      status: 'succeeded',
    });
    const busy = await gateway.createIntent({ checkoutId: 'order-busy', totalCents: 700 });
    intents.get(busy.id)!.status = 'processing';
    await expect(gateway.cancel([busy.id])).rejects.toMatchObject({ status: 409 });
  });

  it('answers null for an unknown or malformed id', async () => {
    const gateway = createStripeGateway({ secretKey: 'sk_test_standin', apiUrl });
    expect(await gateway.retrieve('pi_unknown')).toBeNull();
    expect(await gateway.retrieve('../../v1/customers')).toBeNull();
  });
});

describe('cancelling an order paid through Stripe but not yet recorded', () => {
  it('keeps the order and records the payment; an unpaid intent is cancelled with its order', async () => {
    const customer = await makeUser();
    const tool = await makeTool({ minQuantity: 1 });
    const place = async () =>
      (
        await call<{ insertedId: string }>(ordersRoute.POST, {
          method: 'POST',
          body: { toolId: tool.id, quantity: 2, address: 'A', phone: '1' },
          token: customer.token,
        })
      ).body.insertedId;
    const startPayment = async (orderId: string) => {
      const { body } = await call<{ clientSecret: string }>(intentRoute.POST, {
        method: 'POST',
        body: { orderId },
        token: customer.token,
      });
      return body.clientSecret.split('_secret_')[0]!;
    };
    const cancel = (orderId: string) =>
      call(orderByKey.DELETE, {
        method: 'DELETE',
        params: { key: orderId },
        token: customer.token,
      });

    const paidId = await place();
    const paidIntent = await startPayment(paidId);
    intents.get(paidIntent)!.status = 'succeeded';
    expect((await cancel(paidId)).status).toBe(409);
    const [kept] = await getDb().select().from(orders).where(eq(orders.id, paidId));
    expect(kept).toMatchObject({ paid: true, transactionId: paidIntent });

    const openId = await place();
    const openIntent = await startPayment(openId);
    expect((await cancel(openId)).status).toBe(200);
    expect(intents.get(openIntent)!.status).toBe('canceled');
  });
});

describe('POST /api/stripe/webhook', () => {
  const stripe = new Stripe('sk_test_standin');

  async function paidEvent(
    orderId: string,
    amount: number,
    eventId: string,
    metadata: Record<string, string> = { orderId },
  ) {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: `pi_${eventId}`,
          object: 'payment_intent',
          amount,
          currency: 'usd',
          status: 'succeeded',
          metadata,
        },
      },
    });
  }

  async function send(payload: string, secret = WEBHOOK_SECRET, timestamp?: number) {
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp && { timestamp }),
    });
    return call(webhookRoute.POST, {
      method: 'POST',
      rawBody: payload,
      headers: { 'stripe-signature': signature },
    });
  }

  async function unpaidOrder() {
    const user = await makeUser();
    const tool = await makeTool();
    return insertOrderLine({
      toolId: tool.id,
      userId: user.id,
      productName: tool.name,
      sku: tool.sku,
      unitPriceCents: 100,
      quantity: 10,
      totalCents: 1000,
      email: user.email,
      userName: user.name,
      address: 'A',
      phone: '1',
    });
  }

  const paid = async (id: string) =>
    (await getDb().select().from(orders).where(eq(orders.id, id)))[0]!;

  it('marks the order paid on a valid signature, once', async () => {
    const order = await unpaidOrder();
    const payload = await paidEvent(order.id, 1000, 'evt_1');
    expect((await send(payload)).status).toBe(200);
    expect(await paid(order.id)).toMatchObject({ paid: true, transactionId: 'pi_evt_1' });
    // A replay of the same event changes nothing.
    await getDb()
      .update(orders)
      .set({ paid: false, transactionId: null })
      .where(eq(orders.id, order.id));
    expect((await send(payload)).status).toBe(200);
    expect((await paid(order.id)).paid).toBe(false);
  });

  it('refuses a wrong secret, a stale timestamp and a missing signature', async () => {
    const order = await unpaidOrder();
    const payload = await paidEvent(order.id, 1000, 'evt_2');
    expect((await send(payload, 'whsec_wrong')).status).toBe(400);
    expect((await send(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)).status).toBe(
      400,
    );
    expect((await call(webhookRoute.POST, { method: 'POST', rawBody: payload })).status).toBe(400);
    expect((await paid(order.id)).paid).toBe(false);
  });

  it("marks every order of a checkout paid by the checkout's one payment", async () => {
    const user = await makeUser();
    const [first, second] = [await makeTool(), await makeTool()];
    for (const tool of [first, second]) {
      await getDb().insert(cartLines).values({ userId: user.id, toolId: tool.id, quantity: 10 });
    }
    const placed = await placeCheckout(actorOf(user), { address: 'A', phone: '1' });
    if (!('total' in placed)) throw new Error('An account alone never waits for approval');
    const { checkoutId, total } = placed;
    const cents = Math.round(total * 100);
    expect((await send(await paidEvent('', cents - 1, 'evt_5', { checkoutId }))).status).toBe(200);
    const lines = () => getDb().select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect((await lines()).every((order) => !order.paid)).toBe(true);
    expect((await send(await paidEvent('', cents, 'evt_4', { checkoutId }))).status).toBe(200);
    expect((await lines()).map((order) => [order.paid, order.transactionId])).toEqual([
      [true, 'pi_evt_4'],
      [true, 'pi_evt_4'],
    ]);
  });

  it('ignores a payment whose amount differs from the order', async () => {
    const order = await unpaidOrder();
    expect((await send(await paidEvent(order.id, 1, 'evt_3'))).status).toBe(200);
    expect((await paid(order.id)).paid).toBe(false);
  });
});
