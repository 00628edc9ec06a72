import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as account from '@/app/api/account/route';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import * as paymentIntent from '@/app/api/create-payment-intent/route';
import * as emailLink from '@/app/api/email-link/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as orderExport from '@/app/api/order/export/route';
import * as orderRoute from '@/app/api/order/route';
import * as shipped from '@/app/api/order/shipped/[id]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import * as testConfirm from '@/app/api/payments/test/confirm/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as signupRoute from '@/app/api/signup/route';
import * as webhookRoute from '@/app/api/stripe/webhook/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as twoFactor from '@/app/api/two-factor/route';
import * as twoFactorSetup from '@/app/api/two-factor/setup/route';
import * as twoFactorVerify from '@/app/api/two-factor/verify/route';
import * as userDisabled from '@/app/api/user/disabled/[id]/route';
import * as userAdmin from '@/app/api/user/admin/[email]/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import { call, makeUser, type ErrorBody, type TestUser } from './helpers';

let customer: TestUser;
beforeAll(async () => {
  customer = await makeUser('customer');
});

// Bodies that break every rule of their call, and a wrong content type on top.
const badBodies = [
  { rawBody: '{"quantity":"lots","rating":99,"newQuantity":-1}' },
  { rawBody: 'nope', contentType: 'text/plain' },
];

const signedInRoutes = [
  ['POST /api/order', orderRoute.POST, {}],
  ['POST /api/reviews', reviewsRoute.POST, {}],
  ['PUT /api/user/{email}', userByKey.PUT, { key: 'someone@test.dev' }],
  ['PATCH /api/order/{id}', orderByKey.PATCH, { key: randomUUID() }],
  ['POST /api/create-payment-intent', paymentIntent.POST, {}],
  ['POST /api/payments/test/confirm', testConfirm.POST, {}],
  ['POST /api/tools', toolsRoute.POST, {}],
  ['PUT /api/tools/{id}', toolRoute.PUT, { id: randomUUID() }],
] as const;

describe('who is calling comes first', () => {
  it.each(signedInRoutes)(
    '%s answers an anonymous bad body with 401',
    async (_name, handler, params) => {
      for (const body of badBodies) {
        const { status, body: answer } = await call<ErrorBody>(handler, {
          method: 'POST',
          params,
          ...body,
        });
        expect(status).toBe(401);
        expect(answer.error.fields).toBeUndefined();
      }
    },
  );

  it.each([
    ['POST /api/tools', toolsRoute.POST, {}],
    ['PUT /api/tools/{id}', toolRoute.PUT, { id: randomUUID() }],
  ] as const)(
    '%s answers a customer with a bad body 403 before judging the body',
    async (_n, handler, params) => {
      const { status } = await call(handler, {
        method: 'POST',
        params,
        token: customer.token,
        ...badBodies[0],
      });
      expect(status).toBe(403);
    },
  );

  it('judges the body of a signed-in caller with 400 and the field messages', async () => {
    const { status, body } = await call<ErrorBody>(orderRoute.POST, {
      method: 'POST',
      token: customer.token,
      ...badBodies[0],
    });
    expect(status).toBe(400);
    expect(body.error.fields).toBeDefined();
  });
});

const routes: [string, Record<string, unknown>, string[]][] = [
  ['/api/tools', toolsRoute, ['GET', 'POST']],
  ['/api/tools/{id}', toolRoute, ['GET', 'PUT', 'DELETE']],
  ['/api/order', orderRoute, ['GET', 'POST']],
  ['/api/order/{key}', orderByKey, ['GET', 'PATCH', 'DELETE']],
  ['/api/orders/{id}', oneOrder, ['GET']],
  ['/api/order/shipped/{id}', shipped, ['PUT']],
  ['/api/reviews', reviewsRoute, ['GET', 'POST']],
  ['/api/user', usersRoute, ['GET']],
  ['/api/user/{key}', userByKey, ['GET', 'PUT', 'DELETE']],
  ['/api/user/admin/{email}', userAdmin, ['GET', 'PUT']],
  ['/api/signup', signupRoute, ['POST']],
  ['/api/create-payment-intent', paymentIntent, ['POST']],
  ['/api/payments/test/confirm', testConfirm, ['POST']],
  ['/api/stripe/webhook', webhookRoute, ['POST']],
  ['/api/account', account, ['DELETE']],
  ['/api/auth/{...nextauth}', authRoute, ['GET', 'POST']],
  ['/api/email-link', emailLink, ['POST']],
  ['/api/order/export', orderExport, ['GET']],
  ['/api/two-factor', twoFactor, ['GET', 'POST', 'DELETE']],
  ['/api/two-factor/setup', twoFactorSetup, ['POST']],
  ['/api/two-factor/verify', twoFactorVerify, ['POST']],
  ['/api/user/disabled/{id}', userDisabled, ['PUT']],
];

describe('a known path with a method it does not serve', () => {
  it.each(routes)('%s answers JSON 405 with Allow', async (_path, module, served) => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (m) => !served.includes(m),
    )) {
      const { status, body, headers } = await call<ErrorBody>(module[method], { method });
      expect(status, method).toBe(405);
      expect(body.error.code).toBe('method_not_allowed');
      const allow = headers.get('allow')?.split(', ') ?? [];
      expect(allow).toEqual(expect.arrayContaining(served));
      expect(allow).not.toContain(method);
    }
  });
});
