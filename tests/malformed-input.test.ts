import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as analyticsRoute from '@/app/api/analytics/route';
import * as auditRoute from '@/app/api/audit/route';
import * as intent from '@/app/api/create-payment-intent/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as orderRoute from '@/app/api/order/route';
import * as oneList from '@/app/api/lists/[id]/route';
import * as listsRoute from '@/app/api/lists/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as shipped from '@/app/api/order/shipped/[id]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import * as testConfirm from '@/app/api/payments/test/confirm/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as signup from '@/app/api/signup/route';
import * as webhook from '@/app/api/stripe/webhook/route';
import * as toolById from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as photoRoute from '@/app/api/uploads/[id]/route';
import * as userAdmin from '@/app/api/user/admin/[email]/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as packingSlip from '@/app/api/orders/[id]/packing-slip/route';
import * as statementPdf from '@/app/api/statement/pdf/route';
import * as userTerms from '@/app/api/user/terms/[id]/route';
import * as userByKey from '@/app/api/user/[key]/route';
import { getDb } from '@/lib/db/client';
import { orders, paymentIntents, reviews, tools, users } from '@/lib/db/schema';
import { log } from '@/lib/process/log.mjs';
import { chargeTestCard } from '@/lib/payments/test-cards';
import {
  badBodies,
  badEmail,
  badImage,
  badInteger,
  badPassword,
  badPrice,
  badPriceBreaks,
  badSku,
  badUuidRef,
  HUNDRED_KB,
  optionalText,
  requiredText,
  unknownToken,
  weirdEmailSegments,
  weirdIdSegments,
  weirdOrderQueries,
  type Bad,
  type BodySpec,
  type FieldSpec,
} from './bad-inputs';
import { call, errorBodyProblem, makeTool, makeUser, type TestUser } from './helpers';

/**
 * Generated bad input (fast-check, fixed seeds) for every route that takes input, through the route handlers, sent
 * as the admin or the owner so that authorization is not what refuses it. Every answer: no 5xx; every 4xx is the
 * contract's JSON error; no mutating call is accepted; and no row of the shop's data changed. Path segments that
 * are not valid percent-encoding never reach a handler: e2e/quality/weird-paths.spec.ts sends those to the server.
 */
const PER_ROUTE = 220;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Sender = 'anonymous' | 'owner' | 'admin';

interface BadRequest {
  handler: unknown;
  method: Method;
  /** The URL path and query; `param` names the dynamic segment it fills. */
  path: string;
  param?: [name: string, segment: string];
  body?: BodySpec;
  headers?: Record<string, string>;
}

let admin: TestUser;
let owner: TestUser;
let tool: { id: string; name: string };
let order: { id: string; totalCents: number };
let clientSecret: string;
const senders = () => ({ anonymous: undefined, owner: owner.token, admin: admin.token });

beforeAll(async () => {
  // Values PostgreSQL refuses (a NUL in an email) are logged as warnings: expected by the thousand here.
  log.level = 'error';
  admin = await makeUser('admin');
  owner = await makeUser('customer');
  const made = await makeTool({ priceCents: 325, quantity: 100_000, minQuantity: 1 });
  tool = { id: made.id, name: made.name };
  const placed = await call<{ insertedId: string }>(orderRoute.POST, {
    method: 'POST',
    body: { toolId: tool.id, quantity: 1, address: '1 Quality Street', phone: '+1 555 0100' },
    token: owner.token,
  });
  order = { id: placed.body.insertedId, totalCents: 325 };
  const opened = await call<{ clientSecret: string }>(intent.POST, {
    method: 'POST',
    body: { orderId: order.id },
    token: owner.token,
  });
  clientSecret = opened.body.clientSecret;
});

/** Every row a bad input could touch. */
const snapshot = async () => {
  const db = getDb();
  const all = await Promise.all(
    [tools, orders, reviews, users, paymentIntents].map((table) => db.select().from(table)),
  );
  return all.map((rows) => JSON.stringify(rows.map((row) => JSON.stringify(row)).sort()));
};

/** A path parameter as the router hands it over; undefined when the router refuses to decode it. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function verdict(sender: Sender, request: BadRequest): Promise<string | null> {
  const params: Record<string, string> = {};
  if (request.param) params[request.param[0]] = decoded(request.param[1])!;
  const token = senders()[sender];
  const headers = new Headers(request.headers);
  if (request.body?.contentType) headers.set('content-type', request.body.contentType);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const response = await (
    request.handler as (r: Request, c: { params: Promise<object> }) => Promise<Response>
  )(
    new Request(`http://localhost${request.path}`, {
      method: request.method,
      headers,
      body: request.body?.text,
    }),
    { params: Promise.resolve(params) },
  );
  const text = await response.text();
  const status = response.status;
  if (status >= 500) return `${status} ${text.slice(0, 160)}`;
  if (status >= 400) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // judged below as not the contract's error
    }
    const problem = errorBodyProblem(body);
    if (problem) return `${status} ${problem}`;
  }
  if (request.method !== 'GET' && status < 300)
    return `accepted with ${status}: ${text.slice(0, 160)}`;
  return null;
}

const describeRequest = ({ method, path, body }: BadRequest) =>
  `${method} ${path.slice(0, 90)}${body ? ` [${body.label.slice(0, 140)}] (${body.text.length} bytes)` : ''}`;

async function expectAllRefused(sender: Sender, requests: BadRequest[], minimum = 200) {
  const routed = requests.filter(
    (request) => !request.param || decoded(request.param[1]) !== undefined,
  );
  expect(routed.length, 'number of generated inputs').toBeGreaterThanOrEqual(minimum);
  const before = await snapshot();
  const failures: string[] = [];
  for (const request of routed) {
    const problem = await verdict(sender, request);
    if (problem) failures.push(`${describeRequest(request)} → ${problem}`);
  }
  expect(failures.slice(0, 40), `${failures.length} of ${routed.length} mishandled`).toEqual([]);
  expect(await snapshot(), 'the database changed').toEqual(before);
}

/** A fixed seed per batch, from its title: the same inputs on every run and in any order. */
function seed(title: string, draw = 0): number {
  let hash = 4_200 + draw;
  for (const char of title) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash >>> 0;
}

const withBodies = (
  handler: unknown,
  method: Method,
  path: string,
  bodies: BodySpec[],
  param?: BadRequest['param'],
): BadRequest[] => bodies.map((body) => ({ handler, method, path, body, ...(param && { param }) }));

const atSegments = (
  handler: unknown,
  method: Method,
  prefix: string,
  name: string,
  segments: string[],
  body?: BodySpec,
): BadRequest[] =>
  segments.map((segment) => ({
    handler,
    method,
    path: `${prefix}${segment}`,
    param: [name, segment],
    ...(body && { body }),
  }));

const jsonBody = (value: unknown, label = 'valid body'): BodySpec => ({
  text: JSON.stringify(value),
  contentType: 'application/json',
  label,
});

const [ids, emails] = [weirdIdSegments, weirdEmailSegments];
// [method, route, sender, handler, the route's parameter, weird ids or emails]
const WEIRD_SEGMENTS = [
  ['GET', '/api/tools/{id}', 'anonymous', toolById.GET, 'id', ids],
  ['DELETE', '/api/tools/{id}', 'admin', toolById.DELETE, 'id', ids],
  ['DELETE', '/api/order/{id}', 'owner', orderByKey.DELETE, 'key', ids],
  ['GET', '/api/orders/{id}', 'owner', oneOrder.GET, 'id', ids],
  ['DELETE', '/api/user/{id}', 'admin', userByKey.DELETE, 'key', ids],
  ['PUT', '/api/order/shipped/{id}', 'admin', shipped.PUT, 'id', ids],
  ['GET', '/api/order/{email}', 'admin', orderByKey.GET, 'key', emails],
  ['GET', '/api/user/{email}', 'admin', userByKey.GET, 'key', emails],
  ['GET', '/api/user/admin/{email}', 'owner', userAdmin.GET, 'email', emails],
  ['PUT', '/api/user/admin/{email}', 'admin', userAdmin.PUT, 'email', emails],
  ['GET', '/api/uploads/{id}', 'anonymous', photoRoute.GET, 'id', ids],
  ['GET', '/api/invoices/{number}.pdf', 'owner', invoiceRoute.GET, 'number', ids],
  ['GET', '/api/orders/{id}/packing-slip', 'admin', packingSlip.GET, 'id', ids],
  ['PUT', '/api/user/terms/{userId}', 'admin', userTerms.PUT, 'id', ids],
  ['GET', '/api/quotes/{id}', 'owner', oneQuote.GET, 'id', ids],
  ['DELETE', '/api/lists/{id}', 'owner', oneList.DELETE, 'id', ids],
] as const;

describe('routes whose only input is the path', () => {
  it.each(WEIRD_SEGMENTS)('%s %s refuses or answers weird segments', async (...row) => {
    const [method, route, sender, handler, name, generate] = row;
    const segments = generate(PER_ROUTE, seed(`${method} ${route}`));
    const prefix = route.slice(0, route.indexOf('{'));
    await expectAllRefused(sender, atSegments(handler, method, prefix, name, segments));
  });

  it('DELETE /api/user/{id} refuses the admin itself', async () => {
    const self = atSegments(userByKey.DELETE, 'DELETE', '/api/user/', 'key', [admin.id]);
    await expectAllRefused('admin', self, 1);
  });

  it('GET /api/order?page=&limit= answers weird queries', async () => {
    const queries = weirdOrderQueries(PER_ROUTE, seed('GET /api/order?page=&limit='));
    const requests = queries.map((query): BadRequest => ({
      handler: orderRoute.GET,
      method: 'GET',
      path: `/api/order?${query}`,
    }));
    await expectAllRefused('admin', requests);
  });

  it.each([
    ['/api/audit', auditRoute.GET],
    ['/api/analytics', analyticsRoute.GET],
  ])('GET %s answers weird queries', async (route, handler) => {
    const queries = weirdOrderQueries(PER_ROUTE, seed(`GET ${route}`));
    const requests = queries.map((query): BadRequest => ({
      handler,
      method: 'GET',
      path: `${route}?${query}`,
    }));
    await expectAllRefused('admin', requests);
  });

  it('GET /api/statement/pdf?from=&to=&user= answers weird queries', async () => {
    // The order list's weird values, sent as the statement's period and account.
    const queries = weirdOrderQueries(PER_ROUTE, seed('GET /api/statement/pdf')).map((query, n) =>
      n % 2 === 0
        ? query.replaceAll('page=', 'from=').replaceAll('limit=', 'to=')
        : query.replaceAll('page=', 'user=').replaceAll('limit=', 'from='),
    );
    const requests = queries.map((query): BadRequest => ({
      handler: statementPdf.GET,
      method: 'GET',
      path: `/api/statement/pdf?${query}`,
    }));
    await expectAllRefused('owner', requests);
  });

  it('GET /api/order/{email}?page=&limit= answers weird queries', async () => {
    const key = encodeURIComponent(owner.email);
    const queries = weirdOrderQueries(PER_ROUTE, seed('GET /api/order/{email}?page=&limit='));
    const requests = queries.map((query): BadRequest => ({
      handler: orderByKey.GET,
      method: 'GET',
      path: `/api/order/${key}?${query}`,
      param: ['key', key],
    }));
    await expectAllRefused('owner', requests);
  });
});

/** [title, sender, handler, path, a valid body, the bad values of each field]. */
const BAD_BODIES: [
  string,
  Sender,
  unknown,
  string,
  () => Record<string, unknown>,
  () => Record<string, FieldSpec>,
][] = [
  [
    'POST /api/signup refuses bad sign-ups',
    'anonymous',
    signup.POST,
    '/api/signup',
    () => ({
      name: 'Quality',
      email: `quality-${crypto.randomUUID()}@example.com`,
      password: 'pw-secret-123',
    }),
    () => ({ name: requiredText(100), email: badEmail, password: badPassword }),
  ],
  [
    'POST /api/tools refuses bad products',
    'admin',
    toolsRoute.POST,
    '/api/tools',
    () => ({
      name: 'Quality product',
      about: 'A tool made by the quality suite.',
      price: 2.5,
      quantity: 100_000,
      min_quantity: 1,
      image: '/images/placeholder-tool.svg',
    }),
    () => ({
      name: requiredText(120),
      about: requiredText(2000),
      price: badPrice,
      quantity: badInteger(0, 10_000_000),
      min_quantity: badInteger(1, 100_000),
      image: badImage(true),
      sku: badSku,
      priceBreaks: badPriceBreaks(),
    }),
  ],
  [
    'POST /api/order refuses bad orders',
    'owner',
    orderRoute.POST,
    '/api/order',
    () => ({ toolId: tool.id, quantity: 1, address: '1 Quality Street', phone: '+1 555 0100' }),
    // The target tool has 100,000 pieces and a minimum of 1: anything outside is refused.
    () => ({
      toolId: badUuidRef,
      quantity: badInteger(1, 100_000),
      address: requiredText(500),
      phone: requiredText(40),
    }),
  ],
  [
    'POST /api/reviews refuses bad reviews',
    'owner',
    reviewsRoute.POST,
    '/api/reviews',
    () => ({ toolName: tool.name, userReview: 'Solid tool.', rating: 4, image: '' }),
    () => ({
      toolName: optionalText(120),
      userReview: requiredText(1000),
      rating: badInteger(0, 5),
      image: badImage(false),
    }),
  ],
  [
    'POST /api/quotes refuses bad requests for a quote',
    'owner',
    quotesRoute.POST,
    '/api/quotes',
    () => ({ lines: [{ toolId: tool.id, quantity: 20_000 }], message: 'A price for a big run?' }),
    () => ({ message: optionalText(2000) }),
  ],
  [
    'POST /api/lists refuses bad lists',
    'owner',
    listsRoute.POST,
    '/api/lists',
    () => ({ name: 'Quality list', lines: [{ toolId: tool.id, quantity: 2 }] }),
    () => ({ name: requiredText(80) }),
  ],
];

describe('routes that take a body', () => {
  it.each(BAD_BODIES)('%s', async (title, sender, handler, path, base, fields) => {
    const bodies = badBodies(base(), fields(), PER_ROUTE, seed(title));
    await expectAllRefused(sender, withBodies(handler, 'POST', path, bodies));
  });

  it('PUT /api/tools/{id} refuses bad restocks and weird ids', async () => {
    const title = 'PUT /api/tools/{id}';
    const fields = { newQuantity: badInteger(0, 10_000_000) };
    const bodies = badBodies({ newQuantity: 4_242 }, fields, PER_ROUTE, seed(title));
    await expectAllRefused('admin', [
      ...withBodies(toolById.PUT, 'PUT', `/api/tools/${tool.id}`, bodies, ['id', tool.id]),
      ...atSegments(
        toolById.PUT,
        'PUT',
        '/api/tools/',
        'id',
        weirdIdSegments(80, seed(title, 1)),
        jsonBody({ newQuantity: 4_242 }),
      ),
    ]);
  });

  it('PATCH /api/order/{id} refuses bad payment records', async () => {
    const title = 'PATCH /api/order/{id}';
    const valid = { transactionId: 'pi_test_never_issued' };
    const bodies = badBodies(valid, { transactionId: unknownToken(255) }, PER_ROUTE, seed(title));
    await expectAllRefused('owner', [
      ...withBodies(orderByKey.PATCH, 'PATCH', `/api/order/${order.id}`, bodies, ['key', order.id]),
      ...atSegments(
        orderByKey.PATCH,
        'PATCH',
        '/api/order/',
        'key',
        weirdIdSegments(80, seed(title, 1)),
        jsonBody(valid),
      ),
    ]);
  });

  it('PUT /api/order/shipped/{id} refuses an unpaid order whatever the body', async () => {
    const unpaid = fc
      .sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: 20, seed: seed('shipped') })
      .map((value) => jsonBody(value, `body ${JSON.stringify(value).slice(0, 40)}`));
    const path = `/api/order/shipped/${order.id}`;
    await expectAllRefused(
      'admin',
      withBodies(shipped.PUT, 'PUT', path, unpaid, ['id', order.id]),
      20,
    );
  });

  it('POST /api/create-payment-intent refuses bad intents', async () => {
    const notTheTotal: FieldSpec = {
      // prettier-ignore
      edges: [
        { value: null }, { value: '3.25' }, { value: true }, { value: [] }, { value: {} },
        { value: 0 }, { value: -3.25 }, { value: 3.26 }, { value: 0.001 }, { value: 1e308 },
        { raw: '1e999' }, { raw: '-1e999' }, { raw: '-0' },
      ],
      arbitrary: fc.oneof(
        fc
          .oneof(fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer()))
          .map((value): Bad => ({ value })),
        fc
          .double()
          .filter((price) => Math.round(price * 100) !== order.totalCents)
          .map((value): Bad => ({ value })),
      ),
    };
    const fields = { orderId: badUuidRef, price: notTheTotal };
    const bodies = badBodies({ orderId: order.id }, fields, PER_ROUTE, seed('intent'));
    await expectAllRefused(
      'owner',
      withBodies(intent.POST, 'POST', '/api/create-payment-intent', bodies),
    );
  });

  it('POST /api/payments/test/confirm refuses bad cards and unknown sessions', async () => {
    // A card the test gateway would charge (lib/payments/test-cards.ts decides) is not a bad card.
    const isGood = (value: unknown) => {
      if (typeof value !== 'string') return false;
      try {
        chargeTestCard({ cardNumber: value, expiry: '12/40', cvc: '123' });
        return true;
      } catch {
        return false;
      }
    };
    const text = (value: unknown): Bad => ({ value });
    const notText = [null, 4242, true, [], {}].map(text);
    const cardNumber: FieldSpec = {
      // prettier-ignore
      edges: [
        { missing: true }, ...notText, text(''), text('4000000000000002'),
        text('4242 4242 4242 4241'), text('4242-4242-4242-424'), text('abcd efgh ijkl mnop'),
        text('4'.repeat(41)), text(HUNDRED_KB), text('4242424242424242\u0000'),
        text('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢'),
      ],
      arbitrary: fc.oneof(
        fc
          .stringMatching(/^[0-9 -]{0,24}$/)
          .filter((value) => !isGood(value))
          .map(text),
        fc
          .string({ unit: 'grapheme', maxLength: 30 })
          .filter((value) => !isGood(value))
          .map(text),
      ),
    };
    const expiryPattern = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;
    const expiry: FieldSpec = {
      // prettier-ignore
      edges: [
        { missing: true }, ...notText, text(''), text('13/30'), text('00/30'), text('12/20'),
        text('1/2'), text('12/2099'), text('12/3O'), text('12 / 30 / 40'), text('x'.repeat(11)),
        text('12/30\u0000'),
      ],
      arbitrary: fc
        .string({ unit: 'grapheme', maxLength: 12 })
        .filter((value) => !expiryPattern.test(value))
        .map(text),
    };
    const cvc: FieldSpec = {
      // prettier-ignore
      edges: [
        { missing: true }, ...notText, text(''), text('1'), text('12'), text('abc'), text('12345'),
        text('١٢٣'), text('1 2 3'), text('x'.repeat(11)),
      ],
      arbitrary: fc
        .string({ unit: 'grapheme', maxLength: 10 })
        .filter((value) => !/^\s*\d{3,4}\s*$/.test(value))
        .map(text),
    };
    const valid = { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };
    const fields = { clientSecret: unknownToken(255), cardNumber, expiry, cvc };
    const bodies = badBodies(valid, fields, PER_ROUTE, seed('confirm'));
    await expectAllRefused(
      'owner',
      withBodies(testConfirm.POST, 'POST', '/api/payments/test/confirm', bodies),
    );
  });

  it('PUT /api/user/{email} refuses bad profiles, names and weird emails', async () => {
    const path = `/api/user/${encodeURIComponent(owner.email)}`;
    const param: BadRequest['param'] = ['key', encodeURIComponent(owner.email)];
    const profileFields = ['address', 'education', 'institution', 'phone', 'linkedIn'];
    const profile = badBodies(
      {
        address: '1 Quality Street',
        education: 'BSc',
        institution: 'Quality University',
        phone: '+1 555 0100',
        linkedIn: 'https://www.linkedin.com/in/quality',
      },
      {
        address: requiredText(500),
        education: requiredText(200),
        institution: requiredText(200),
        phone: requiredText(40),
        linkedIn: requiredText(300),
      },
      PER_ROUTE,
      seed('profile'),
    ).filter((body) => {
      // A body without any profile field is the valid token request: not a bad input.
      try {
        const value = JSON.parse(body.text) as unknown;
        if (!value || typeof value !== 'object' || Array.isArray(value)) return true;
        return (
          body.contentType !== 'application/json' || profileFields.some((field) => field in value)
        );
      } catch {
        return true;
      }
    });
    const name: FieldSpec = {
      edges: [null, 1, true, [], {}, ['x'], HUNDRED_KB, `x${'y'.repeat(100)}x`, 'a\u0000b'].map(
        (value): Bad => ({ value }),
      ),
      arbitrary: fc.oneof(
        fc
          .oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()))
          .map((value): Bad => ({ value })),
        fc
          .string({ unit: 'grapheme', minLength: 101, maxLength: 140 })
          .map((value): Bad => ({ value: `x${value}x` })),
        fc
          .string({ unit: 'grapheme', maxLength: 10 })
          .map((value): Bad => ({ value: `n${value}\u0000` })),
      ),
    };
    const names = badBodies({ email: owner.email, name: owner.name }, { name }, 80, seed('names'));
    const weird = weirdEmailSegments(40, seed('emails'));
    await expectAllRefused('owner', [
      ...withBodies(userByKey.PUT, 'PUT', path, profile, param),
      ...withBodies(userByKey.PUT, 'PUT', path, names, param),
      ...atSegments(
        userByKey.PUT,
        'PUT',
        '/api/user/',
        'key',
        weird,
        jsonBody({ email: owner.email }),
      ),
    ]);
  });

  it('POST /api/stripe/webhook refuses unsigned events', async () => {
    const event = fc.record({
      id: fc.string(),
      type: fc.constantFrom('payment_intent.succeeded', 'charge.succeeded', ''),
      data: fc.record({
        object: fc.record({
          id: fc.string(),
          amount: fc.oneof(fc.integer(), fc.double()),
          metadata: fc.record({ orderId: fc.constantFrom(order.id, 'x', '') }),
        }),
      }),
    });
    const texts = fc.sample(
      fc.oneof(
        event.map((value) => JSON.stringify(value)),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.constantFrom('', '{', HUNDRED_KB, '\u0000'),
      ),
      { numRuns: PER_ROUTE, seed: seed('webhook') },
    );
    const signatures = fc.sample(
      fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 80 }).map((value) => `t=1,v1=${value}`),
      ),
      { numRuns: texts.length, seed: seed('webhook', 1) },
    );
    const requests = texts.map((text, index): BadRequest => ({
      handler: webhook.POST,
      method: 'POST',
      path: '/api/stripe/webhook',
      body: {
        text,
        contentType: index % 3 === 0 ? 'text/plain' : 'application/json',
        label: `event ${text.slice(0, 40)} sig=${signatures[index]!.slice(0, 20)}`,
      },
      headers: { 'stripe-signature': signatures[index]! },
    }));
    await expectAllRefused('anonymous', requests);
  });
});
