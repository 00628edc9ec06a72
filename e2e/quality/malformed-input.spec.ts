import { expect, test, type APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { chargeTestCard } from '@/lib/payments/test-cards';
import {
  badBodies,
  badEmail,
  badImage,
  badInteger,
  badPassword,
  badPrice,
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
import {
  createIntent,
  createTool,
  deleteTool,
  errorBodyProblem,
  futureExpiry,
  inBatches,
  newSignedIn,
  ORDER_CONTACT,
  placeOrder,
  signInDemoAdmin,
  toolInput,
  uniqueSuffix,
  type SignedIn,
} from './support';

/**
 * Generated bad input for every route that takes input (fast-check, fixed seeds), sent as the admin or the owner
 * so that authorization is not what refuses it. Every answer: no 5xx; every 4xx is the contract's JSON error; no
 * mutating call is accepted; and the data the route could touch is unchanged afterwards.
 */

const PER_ROUTE = 220;
const CONCURRENCY = 8;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Sender = 'anonymous' | 'owner' | 'admin';

interface BadRequest {
  method: Method;
  path: string;
  body?: BodySpec;
  headers?: Record<string, string>;
  label: string;
}

interface World {
  admin: SignedIn;
  owner: SignedIn;
  anonymous: APIRequestContext;
  tool: { id: string; name: string };
  order: { id: string; totalCents: number };
  clientSecret: string;
}

let world: World;

// Thousands of API calls: a trace would be large and slow to write.
test.use({ trace: 'off' });
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const owner = await newSignedIn(playwright, baseURL!, 'malformed-owner');
  const anonymous = await playwright.request.newContext({ baseURL });
  const input = toolInput('malformed target', { price: 3.25 });
  const toolId = await createTool(admin, input);
  const orderId = await placeOrder(owner, toolId);
  const clientSecret = await createIntent(owner, orderId);
  world = {
    admin,
    owner,
    anonymous,
    tool: { id: toolId, name: input.name },
    order: { id: orderId, totalCents: 325 },
    clientSecret,
  };
});

test.afterAll(async () => {
  if (!world) return;
  await deleteTool(world.admin, world.tool.id).catch(() => {});
  for (const context of [world.admin.session, world.owner.session, world.anonymous])
    await context.dispose();
});

// ---------------------------------------------------------------------------------------------------------------
// Database snapshots (GET /api/tools, /api/reviews, /api/order with X-Total-Count, /api/user).

interface Snapshot {
  tools: { _id: string; name: string }[];
  target: unknown;
  reviews: { _id: string; userName: string }[];
  orders: { _id: string; email: string }[];
  orderTotal: string;
  users: { _id: string; email: string; name: string | null; role: string }[];
  intentOpen: boolean;
}

async function json<T>(context: APIRequestContext, path: string): Promise<T> {
  const response = await context.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function snapshot(): Promise<Snapshot> {
  const { admin, owner } = world;
  const orders: Snapshot['orders'] = [];
  let orderTotal = '';
  for (let page = 1; ; page++) {
    const response = await admin.session.get(`/api/order?page=${page}&limit=200`);
    expect(response.status()).toBe(200);
    orderTotal = response.headers()['x-total-count'] ?? '<missing X-Total-Count>';
    const rows = (await response.json()) as Snapshot['orders'];
    orders.push(...rows);
    if (rows.length < 200) break;
  }
  // The test gateway reuses an open intent: the same secret again means nobody charged it.
  const again = await owner.session.post('/api/create-payment-intent', {
    data: { orderId: world.order.id },
  });
  const { clientSecret } = (await again.json()) as { clientSecret?: string };
  return {
    tools: await json(world.anonymous, '/api/tools'),
    target: await json(admin.session, `/api/tools/${world.tool.id}`),
    reviews: await json(world.anonymous, '/api/reviews'),
    orders,
    orderTotal,
    users: await json(admin.session, '/api/user'),
    intentOpen: clientSecret === world.clientSecret,
  };
}

/** Strings a bad body carried in `field` (to recognise a row it created although it should not have). */
function sentValues(bodies: BodySpec[], field: string): Set<string> {
  const values = new Set<string>();
  for (const body of bodies) {
    try {
      const value = (JSON.parse(body.text) as Record<string, unknown> | null)?.[field];
      if (typeof value === 'string') values.add(value.trim().toLowerCase());
    } catch {
      // Not JSON: nothing to look for.
    }
  }
  return values;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed between two snapshots. Other spec files may write at the same time (`npm test` runs files in
 * parallel), so the verdict is on this file's own data: the target tool, the owner's orders, reviews and account,
 * the admin's role, the open payment intent, and any tool or account carrying a name or email a bad body sent.
 */
function changes(
  before: Snapshot,
  after: Snapshot,
  sent: { names: Set<string>; emails: Set<string> },
) {
  const global = (['tools', 'reviews', 'orders', 'orderTotal', 'users'] as const).filter(
    (key) => !same(before[key], after[key]),
  );
  const problems: string[] = [];
  if (!same(before.target, after.target))
    problems.push(
      `the target tool changed: ${JSON.stringify(before.target)} → ${JSON.stringify(after.target)}`,
    );
  if (!after.tools.some((tool) => tool._id === world.tool.id))
    problems.push('the target tool left the catalogue');
  if (!after.intentOpen) problems.push("the owner's payment intent was charged");
  const mine = (snap: Snapshot) => ({
    orders: snap.orders.filter((order) => order.email === world.owner.email),
    reviews: snap.reviews.filter((review) => review.userName === world.owner.name),
    owner: snap.users.find((user) => user.email === world.owner.email),
    adminRole: snap.users.find((user) => user.email === world.admin.email)?.role,
  });
  const [was, is] = [mine(before), mine(after)];
  for (const key of ['orders', 'reviews', 'owner', 'adminRole'] as const) {
    if (!same(was[key], is[key]))
      problems.push(
        `${key} changed: ${JSON.stringify(was[key]).slice(0, 400)} → ${JSON.stringify(is[key]).slice(0, 400)}`,
      );
  }
  const known = new Set(before.tools.map((tool) => tool._id));
  for (const tool of after.tools) {
    if (!known.has(tool._id) && sent.names.has(tool.name.trim().toLowerCase()))
      problems.push(`a bad body created tool ${JSON.stringify(tool)}`);
  }
  const knownUsers = new Set(before.users.map((user) => user._id));
  for (const user of after.users) {
    if (
      !knownUsers.has(user._id) &&
      (sent.emails.has(user.email) || sent.names.has((user.name ?? '').trim().toLowerCase()))
    )
      problems.push(`a bad body created account ${JSON.stringify(user)}`);
  }
  for (const user of after.users) {
    const earlier = before.users.find((candidate) => candidate._id === user._id);
    if (earlier && earlier.role !== 'admin' && user.role === 'admin' && sent.emails.has(user.email))
      problems.push(`a bad call made ${user.email} admin`);
  }
  return { global, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending and judging.

function contextOf(sender: Sender): APIRequestContext {
  if (sender === 'anonymous') return world.anonymous;
  return world[sender].session;
}

interface Verdict {
  status: number;
  problem: string | null;
}

async function sendOne(sender: Sender, request: BadRequest, api: boolean): Promise<Verdict> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body?.contentType) headers['content-type'] = request.body.contentType;
  let response;
  try {
    response = await contextOf(sender).fetch(request.path, {
      method: request.method,
      headers,
      ...(request.body && { data: Buffer.from(request.body.text) }),
      maxRedirects: 0,
      timeout: 30_000,
    });
  } catch (error) {
    return { status: 0, problem: `no response: ${(error as Error).message.split('\n')[0]}` };
  }
  const status = response.status();
  const text = await response.text();
  if (status >= 500) return { status, problem: `${status} ${text.slice(0, 160)}` };
  if (api && status >= 400) {
    const problem = errorBodyProblem(text);
    if (problem) return { status, problem: `${status} ${problem}` };
  }
  if (request.method !== 'GET' && status >= 200 && status < 300)
    return { status, problem: `accepted with ${status}: ${text.slice(0, 160)}` };
  return { status, problem: null };
}

const describeRequest = (request: BadRequest) =>
  `${request.method} ${request.path.length > 90 ? `${request.path.slice(0, 90)}…(${request.path.length} chars)` : request.path}${
    request.body ? ` [${request.body.label.slice(0, 140)}] (${request.body.text.length} bytes)` : ''
  }`;

async function runBatch(
  route: string,
  sender: Sender,
  requests: BadRequest[],
  options: { api?: boolean; minimum?: number } = {},
) {
  const api = options.api ?? true;
  expect(requests.length, `${route}: number of generated inputs`).toBeGreaterThanOrEqual(
    options.minimum ?? 200,
  );
  const bodies = requests.flatMap((request) => (request.body ? [request.body] : []));
  const sent = {
    names: sentValues(bodies, 'name'),
    emails: new Set(
      [...sentValues(bodies, 'email')].filter((email) => email !== world.owner.email),
    ),
  };
  for (const request of requests) {
    const match = /^\/api\/user\/admin\/([^/?]+)$/.exec(request.path);
    if (match) {
      try {
        sent.emails.add(decodeURIComponent(match[1]!).toLowerCase());
      } catch {
        // Malformed percent-encoding names nobody.
      }
    }
  }
  const before = await snapshot();
  const verdicts = await inBatches(requests, CONCURRENCY, (request) =>
    sendOne(sender, request, api),
  );
  const after = await snapshot();

  const statuses = new Map<number, number>();
  for (const verdict of verdicts)
    statuses.set(verdict.status, (statuses.get(verdict.status) ?? 0) + 1);
  const summary = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  test
    .info()
    .annotations.push({ type: route, description: `${requests.length} bad inputs: ${summary}` });

  const failures = verdicts.flatMap((verdict, index) =>
    verdict.problem ? [`${describeRequest(requests[index]!)} → ${verdict.problem}`] : [],
  );
  const { global, problems } = changes(before, after, sent);
  if (global.length > 0 && problems.length === 0) {
    test.info().annotations.push({
      type: 'concurrent writes',
      description: `${global.join(', ')} changed during the batch, none of it this file's data (other spec files run in parallel)`,
    });
  }
  const report = [
    `${route}: ${failures.length} of ${requests.length} bad inputs mishandled (statuses ${summary})`,
    ...failures.slice(0, 60),
    ...(failures.length > 60 ? [`… and ${failures.length - 60} more`] : []),
    ...problems.map((problem) => `DATABASE CHANGED: ${problem}`),
  ];
  expect(failures.length + problems.length, report.join('\n')).toBe(0);
}

const post = (path: string, bodies: BodySpec[], method: Method = 'POST'): BadRequest[] =>
  bodies.map((body) => ({ method, path, body, label: body.label }));

const atPaths = (method: Method, paths: string[], body?: BodySpec): BadRequest[] =>
  paths.map((path) => ({ method, path, ...(body && { body }), label: path }));

const jsonBody = (value: unknown, label = 'valid body'): BodySpec => ({
  text: JSON.stringify(value),
  contentType: 'application/json',
  label,
});

/** A fixed seed per test (from its title), so each test samples the same inputs on every run and in any order. */
let draws = 0;
function nextSeed(): number {
  let hash = 4_200 + draws++;
  for (const char of test.info().title) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash >>> 0;
}
test.beforeEach(() => {
  draws = 0;
});

// ---------------------------------------------------------------------------------------------------------------
// The routes.

interface WeirdPaths {
  method: Method;
  /** As in the batch's report; the test title writes a query as ?page=&limit=. */
  route: string;
  sender: Sender;
  what: string;
  paths: (seed: number) => string[];
}

/** The weird segments of one kind (ids, emails) at each route prefix, as rows. */
const segments = (
  what: 'ids' | 'emails',
  rows: readonly (readonly [Method, string, Sender, string])[],
): WeirdPaths[] =>
  rows.map(([method, route, sender, prefix]) => ({
    method,
    route,
    sender,
    what,
    paths: (seed) =>
      (what === 'ids' ? weirdIdSegments : weirdEmailSegments)(PER_ROUTE, seed).map(
        (segment) => `${prefix}${segment}`,
      ),
  }));

/** Routes whose only input is a path parameter or a query. */
const WEIRD_PATHS: WeirdPaths[] = [
  ...segments('ids', [
    ['GET', '/api/tools/{id}', 'anonymous', '/api/tools/'],
    ['DELETE', '/api/tools/{id}', 'admin', '/api/tools/'],
    ['DELETE', '/api/order/{id}', 'owner', '/api/order/'],
    ['GET', '/api/orders/{id}', 'owner', '/api/orders/'],
  ]),
  ...segments('emails', [
    ['GET', '/api/order/{email}', 'admin', '/api/order/'],
    ['GET', '/api/user/{email}', 'admin', '/api/user/'],
    ['GET', '/api/user/admin/{email}', 'owner', '/api/user/admin/'],
    ['PUT', '/api/user/admin/{email}', 'admin', '/api/user/admin/'],
  ]),
  {
    method: 'GET',
    route: '/api/order?page&limit',
    sender: 'admin',
    what: 'queries',
    paths: (seed) => weirdOrderQueries(PER_ROUTE, seed).map((query) => `/api/order?${query}`),
  },
  {
    method: 'GET',
    route: '/api/order/{email}?page&limit',
    sender: 'owner',
    what: 'queries',
    paths: (seed) =>
      weirdOrderQueries(PER_ROUTE, seed).map(
        (query) => `/api/order/${encodeURIComponent(world.owner.email)}?${query}`,
      ),
  },
  {
    method: 'DELETE',
    route: '/api/user/{id}',
    sender: 'admin',
    what: 'ids and the admin itself',
    paths: (seed) => [
      ...weirdIdSegments(PER_ROUTE, seed).map((id) => `/api/user/${id}`),
      `/api/user/${world.admin.id}`,
    ],
  },
];

for (const { method, route, sender, what, paths } of WEIRD_PATHS) {
  const verb = method === 'GET' ? 'answers' : 'refuses';
  test(`${method} ${route.replace('?page&limit', '?page=&limit=')} ${verb} weird ${what}`, async () => {
    await runBatch(`${method} ${route}`, sender, atPaths(method, paths(nextSeed())));
  });
}

/** Routes taking a JSON body: [title, sender, path, a valid body, the bad values of each field]. */
const BAD_BODIES: [
  string,
  Sender,
  string,
  () => Record<string, unknown>,
  () => Record<string, FieldSpec>,
][] = [
  [
    'POST /api/signup refuses bad sign-ups',
    'anonymous',
    '/api/signup',
    () => {
      const suffix = uniqueSuffix();
      return {
        name: `Quality malformed ${suffix}`,
        email: `quality-malformed-${suffix}@example.com`,
        password: 'pw-secret-123',
      };
    },
    () => ({ name: requiredText(100), email: badEmail, password: badPassword }),
  ],
  [
    'POST /api/tools refuses bad products',
    'admin',
    '/api/tools',
    () => ({ ...toolInput('malformed product'), quantity: 100_000 }),
    () => ({
      name: requiredText(120),
      about: requiredText(2000),
      price: badPrice,
      quantity: badInteger(1, 10_000_000),
      min_quantity: badInteger(1, 100_000),
      image: badImage(true),
    }),
  ],
  [
    'POST /api/order refuses bad orders',
    'owner',
    '/api/order',
    () => ({ toolId: world.tool.id, quantity: 1, ...ORDER_CONTACT }),
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
    '/api/reviews',
    () => ({
      toolName: world.tool.name,
      userReview: 'Solid tool, arrived on time.',
      rating: 4,
      image: '',
    }),
    () => ({
      toolName: optionalText(120),
      userReview: requiredText(1000),
      rating: badInteger(0, 5),
      image: badImage(false),
    }),
  ],
];

for (const [title, sender, path, base, fields] of BAD_BODIES) {
  test(title, async () => {
    const bodies = badBodies(base(), fields(), PER_ROUTE, nextSeed());
    await runBatch(`POST ${path}`, sender, post(path, bodies));
  });
}

test('PUT /api/tools/{id} refuses bad restocks and weird ids', async () => {
  const path = `/api/tools/${world.tool.id}`;
  const bodies = badBodies(
    { newQuantity: 4_242 },
    { newQuantity: badInteger(0, 10_000_000) },
    PER_ROUTE,
    nextSeed(),
  );
  const weird = weirdIdSegments(80, nextSeed()).map((id) => `/api/tools/${id}`);
  await runBatch('PUT /api/tools/{id}', 'admin', [
    ...post(path, bodies, 'PUT'),
    ...atPaths('PUT', weird, jsonBody({ newQuantity: 4_242 })),
  ]);
});

test('PATCH /api/order/{id} refuses bad payment records', async () => {
  const bodies = badBodies(
    { transactionId: 'pi_test_never_issued' },
    { transactionId: unknownToken(255) },
    PER_ROUTE,
    nextSeed(),
  );
  const weird = weirdIdSegments(80, nextSeed()).map((id) => `/api/order/${id}`);
  await runBatch('PATCH /api/order/{id}', 'owner', [
    ...post(`/api/order/${world.order.id}`, bodies, 'PATCH'),
    ...atPaths('PATCH', weird, jsonBody({ transactionId: 'pi_test_never_issued' })),
  ]);
});

test('PUT /api/order/shipped/{id} refuses weird ids and an unpaid order', async () => {
  const paths = weirdIdSegments(PER_ROUTE, nextSeed()).map((id) => `/api/order/shipped/${id}`);
  const unpaid = fc
    .sample(fc.jsonValue({ maxDepth: 2 }), { numRuns: 20, seed: nextSeed() })
    .map((value) => jsonBody(value, `unpaid order, body ${JSON.stringify(value).slice(0, 40)}`));
  await runBatch('PUT /api/order/shipped/{id}', 'admin', [
    ...atPaths('PUT', paths),
    ...post(`/api/order/shipped/${world.order.id}`, unpaid, 'PUT'),
  ]);
});

test('POST /api/create-payment-intent refuses bad intents', async () => {
  const total = world.order.totalCents;
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
        .filter((price) => Math.round(price * 100) !== total)
        .map((value): Bad => ({ value })),
    ),
  };
  const bodies = badBodies(
    { orderId: world.order.id },
    { orderId: badUuidRef, price: notTheTotal },
    PER_ROUTE,
    nextSeed(),
  );
  await runBatch(
    'POST /api/create-payment-intent',
    'owner',
    post('/api/create-payment-intent', bodies),
  );
});

test('POST /api/payments/test/confirm refuses bad cards and unknown sessions', async () => {
  // A card the test gateway would charge (lib/payments/test-cards.ts decides) is not a bad card.
  const isGood = (value: unknown) => {
    if (typeof value !== 'string') return false;
    try {
      chargeTestCard({ cardNumber: value, expiry: futureExpiry(), cvc: '123' });
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
  const bodies = badBodies(
    {
      clientSecret: world.clientSecret,
      cardNumber: '4242424242424242',
      expiry: futureExpiry(),
      cvc: '123',
    },
    { clientSecret: unknownToken(255), cardNumber, expiry, cvc },
    PER_ROUTE,
    nextSeed(),
  );
  await runBatch(
    'POST /api/payments/test/confirm',
    'owner',
    post('/api/payments/test/confirm', bodies),
  );
});

test('PUT /api/user/{email} refuses bad profiles and names', async () => {
  const path = `/api/user/${encodeURIComponent(world.owner.email)}`;
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
    nextSeed(),
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
  const names = badBodies(
    { email: world.owner.email, name: world.owner.name },
    { name },
    80,
    nextSeed(),
  );
  const weird = weirdEmailSegments(40, nextSeed()).map((email) => `/api/user/${email}`);
  await runBatch('PUT /api/user/{email}', 'owner', [
    ...post(path, profile, 'PUT'),
    ...post(path, names, 'PUT'),
    ...atPaths('PUT', weird, jsonBody({ email: world.owner.email })),
  ]);
});

test('POST /api/stripe/webhook refuses unsigned events', async () => {
  const event = fc.record({
    id: fc.string(),
    type: fc.constantFrom('payment_intent.succeeded', 'charge.succeeded', ''),
    data: fc.record({
      object: fc.record({
        id: fc.string(),
        amount: fc.oneof(fc.integer(), fc.double()),
        metadata: fc.record({ orderId: fc.constantFrom(world.order.id, 'x', '') }),
      }),
    }),
  });
  const bodies = fc
    .sample(
      fc.oneof(
        event.map((value) => JSON.stringify(value)),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.constantFrom('', '{', HUNDRED_KB, '\u0000'),
      ),
      { numRuns: PER_ROUTE, seed: nextSeed() },
    )
    .map((text, index) => ({
      text,
      contentType: index % 3 === 0 ? 'text/plain' : 'application/json',
      label: `event ${text.slice(0, 40)}`,
    }));
  const signatures = fc.sample(
    fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 80 }).map((value) => `t=1,v1=${value}`),
    ),
    {
      numRuns: bodies.length,
      seed: nextSeed(),
    },
  );
  const requests = bodies.map((body, index) => ({
    method: 'POST' as const,
    path: '/api/stripe/webhook',
    body: { ...body, label: `${body.label} sig=${signatures[index]!.slice(0, 20)}` },
    headers: { 'stripe-signature': signatures[index]! },
    label: body.label,
  }));
  await runBatch('POST /api/stripe/webhook', 'anonymous', requests);
});

test('the pages with a path parameter answer weird ids without a server error', async () => {
  const tools = weirdIdSegments(PER_ROUTE, nextSeed()).map((id) => `/tools/${id}`);
  const payments = weirdIdSegments(PER_ROUTE, nextSeed()).map((id) => `/dashboard/payment/${id}`);
  test.setTimeout(240_000);
  await runBatch(
    'GET /tools/{id} and /dashboard/payment/{id} (pages)',
    'owner',
    atPaths('GET', [...tools, ...payments]),
    {
      api: false,
    },
  );
});
