// An order's life through the route handlers, as the shop's pages drive it: pay with the test card, cancel, ship.
import { expect } from 'vitest';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import { call, type TestUser } from './helpers';

/** The test gateway's succeeding card (lib/payments/test-cards.ts). */
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** POST /api/create-payment-intent: the intent's client secret (200 asserted). */
export async function startPayment(user: TestUser, orderId: string): Promise<string> {
  const intent = await call<{ clientSecret: string }>(intentRoute.POST, {
    method: 'POST',
    body: { orderId },
    token: user.token,
  });
  expect(intent.status).toBe(200);
  return intent.body.clientSecret;
}

/** PATCH /api/order/{id} with a transaction id: records the payment. */
export const recordPayment = (user: TestUser, orderId: string, transactionId: string) =>
  call(orderByKey.PATCH, {
    method: 'PATCH',
    params: { key: orderId },
    body: { transactionId },
    token: user.token,
  });

/** Intent, test card, payment recorded (200 asserted); answers the transaction id. */
export async function pay(user: TestUser, orderId: string): Promise<string> {
  const clientSecret = await startPayment(user, orderId);
  const confirmed = await call<{ id: string }>(confirmRoute.POST, {
    method: 'POST',
    body: { clientSecret, ...TEST_CARD },
    token: user.token,
  });
  expect(confirmed.status).toBe(200);
  expect((await recordPayment(user, orderId, confirmed.body.id)).status).toBe(200);
  return confirmed.body.id;
}

export const cancelOrder = (user: TestUser, orderId: string) =>
  call<{ deletedCount: number }>(orderByKey.DELETE, {
    method: 'DELETE',
    params: { key: orderId },
    token: user.token,
  });

export const shipOrder = (admin: TestUser, orderId: string) =>
  call(shippedRoute.PUT, { method: 'PUT', params: { id: orderId }, token: admin.token });
