import {
  futureExpiry,
  GOOD_CARD,
  ORDER_CONTACT,
  toolInput,
  uniqueSuffix,
  type SignedIn,
} from './support';

/**
 * Who may call what (docs/PRODUCT.md, The REST contract), as one table: every /api route and method and every protected
 * page, with the expected outcome for each actor. authorization-matrix.spec.ts runs every cell over HTTP against the
 * production server, with each credential (session cookie and bearer token), and additionally with forged credentials,
 * which must fare exactly like the anonymous column.
 */
export type ActorName = 'anonymous' | 'owner' | 'other' | 'admin';
export type SignedInActor = Exclude<ActorName, 'anonymous'>;

/** Fixtures and factories the rows use; the spec builds it. The owner owns every resource a row targets. */
export interface World {
  owner: SignedIn;
  other: SignedIn;
  admin: SignedIn;
  actor(name: SignedInActor): SignedIn;
  /** A catalogue tool created for the matrix: large stock, minimum order 1. */
  tool: { id: string; name: string; price: number };
  /** An unpaid order of the owner that no cell changes. */
  ownerOrderId: string;
  freshTool(): Promise<string>;
  freshOwnerOrder(): Promise<string>;
  /** An order whose test-card payment succeeded, not yet recorded on the order. */
  freshOwnerPayment(): Promise<{ orderId: string; transactionId: string }>;
  freshPaidOwnerOrder(): Promise<{ orderId: string; transactionId: string }>;
  freshOwnerIntent(): Promise<{ orderId: string; clientSecret: string }>;
  freshAccount(): Promise<{ id: string; email: string; name: string }>;
  /** GET as the admin: status and JSON body (for observing state). */
  read(path: string): Promise<{ status: number; body: unknown }>;
  /** Removes every tool with this name (as the admin). */
  removeToolsNamed(name: string): Promise<void>;
}

/** One concrete request of a cell, with what to observe and check around it. */
export interface Prepared {
  path: string;
  body?: unknown;
  /** Sent verbatim (with `headers`), instead of `body` as JSON. */
  raw?: { text: string; contentType: string };
  headers?: Record<string, string>;
  /** State the call targets: must be identical before and after every refused call (status >= 400). */
  observe?: () => Promise<unknown>;
  /** Extra checks of a successful call (mass assignment); returns problems. */
  check?: (response: { status: number; body: unknown }) => Promise<string[]>;
  cleanup?: () => Promise<void>;
}

export interface ApiRow {
  kind: 'api';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  /** What the row exercises beyond the plain call (mass assignment, IDOR, …). */
  note?: string;
  expect: Record<ActorName, number>;
  prepare: (world: World, actor: ActorName) => Promise<Prepared>;
}

export type PageOutcome =
  | { status: 200; heading: string }
  | { redirect: 'login' }
  | { redirect: 'dashboard' }
  | { status: 404 };

export interface PageRow {
  kind: 'page';
  path: string;
  expect: Record<ActorName, PageOutcome>;
  resolve: (world: World) => Promise<string>;
}

/** "401 403 403 201": what anonymous, owner, other and admin get, in that order. */
function codes(text: string): Record<ActorName, number> {
  const [anonymous, owner, other, admin] = text.split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { anonymous, owner, other, admin };
}

const api = (
  method: ApiRow['method'],
  route: string,
  expected: string,
  prepare: ApiRow['prepare'],
  note?: string,
): ApiRow => ({
  kind: 'api',
  method,
  route,
  expect: codes(expected),
  prepare,
  ...(note && { note }),
});

/** The fields of `actual` that differ from `expected`, as problems. */
const differences = (what: string, actual: Record<string, unknown>, expected: object) =>
  Object.entries(expected)
    .filter(([key, value]) => actual[key] !== value)
    .map(
      ([key, value]) =>
        `${what}.${key} is ${JSON.stringify(actual[key])}, expected ${JSON.stringify(value)}`,
    );

/** A check that the resource is gone (404) after a successful removal. */
const gone =
  (read: () => Promise<{ status: number }>, what: string) => async (): Promise<string[]> => {
    const { status } = await read();
    return status === 404 ? [] : [`${what} still answers ${status}`];
  };

const orderOf = (world: World, id: string) => () => world.read(`/api/orders/${id}`);
const userOf = (world: World, email: string) => () =>
  world.read(`/api/user/${encodeURIComponent(email)}`);
const toolOf = (world: World, id: string) => () => world.read(`/api/tools/${id}`);
const reviewsWith = (world: World, text: string) => async () => {
  const { body } = await world.read('/api/reviews');
  return (body as { userReview: string }[]).filter((review) => review.userReview === text);
};
const toolsNamed = (world: World, name: string) => async () => {
  const { body } = await world.read('/api/tools');
  return (body as { name: string }[]).filter((tool) => tool.name === name);
};

function who(world: World, actor: ActorName): SignedIn | null {
  return actor === 'anonymous' ? null : world.actor(actor);
}

const profileFor = (label: string) => ({
  address: `${label} address`,
  education: `${label} education`,
  institution: `${label} institution`,
  phone: '+1 555 0199',
  linkedIn: `https://www.linkedin.com/in/${label.replace(/\W+/g, '-')}`,
});

/** A signed `payment_intent.succeeded` lookalike (the signature is made up). */
const webhookEvent = (orderId: string, amountCents: number) =>
  JSON.stringify({
    id: `evt_quality_${uniqueSuffix()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: `pi_quality_${uniqueSuffix()}`,
        object: 'payment_intent',
        amount: amountCents,
        currency: 'usd',
        status: 'succeeded',
        metadata: { orderId },
      },
    },
  });

const API_ROWS: ApiRow[] = [
  // Catalogue.
  api('GET', '/api/tools', '200 200 200 200', async () => ({ path: '/api/tools' })),
  api('POST', '/api/tools', '401 403 403 201', async (world) => {
    const input = toolInput('matrix new tool');
    return {
      path: '/api/tools',
      body: input,
      observe: toolsNamed(world, input.name),
      cleanup: () => world.removeToolsNamed(input.name),
    };
  }),
  api('GET', '/api/tools/{id}', '200 200 200 200', async (world) => ({
    path: `/api/tools/${world.tool.id}`,
  })),
  api('PUT', '/api/tools/{id}', '401 403 403 200', async (world) => {
    const id = await world.freshTool();
    const { body } = await world.read(`/api/tools/${id}`);
    return {
      path: `/api/tools/${id}`,
      body: { newQuantity: 77_777 },
      observe: toolOf(world, id),
      check: async () => {
        const { body } = await world.read(`/api/tools/${id}`);
        const quantity = (body as { quantity: number }).quantity;
        return quantity === 77_777 ? [] : [`stock is ${quantity}, not the 77777 sent`];
      },
      cleanup: () => world.removeToolsNamed((body as { name: string }).name),
    };
  }),
  api('DELETE', '/api/tools/{id}', '401 403 403 200', async (world) => {
    const id = await world.freshTool();
    const { body } = await world.read(`/api/tools/${id}`);
    return {
      path: `/api/tools/${id}`,
      observe: toolOf(world, id),
      check: gone(toolOf(world, id), 'the tool'),
      cleanup: () => world.removeToolsNamed((body as { name: string }).name),
    };
  }),
  api(
    'PUT',
    '/api/tools/{id}',
    '401 403 403 200',
    async (world) => {
      const id = await world.freshTool();
      const before = (await world.read(`/api/tools/${id}`)).body as Record<string, unknown>;
      return {
        path: `/api/tools/${id}`,
        body: {
          newQuantity: 55_555,
          price: 0.01,
          name: 'Hacked name',
          about: 'Hacked about',
          min_quantity: 9,
          image: 'https://attacker.example/x.png',
          _id: '00000000-0000-4000-8000-000000000004',
        },
        observe: toolOf(world, id),
        check: async () => {
          const after = (await world.read(`/api/tools/${id}`)).body as Record<string, unknown>;
          return differences('tool', after, { ...before, quantity: 55_555 });
        },
        cleanup: () => world.removeToolsNamed(before.name as string),
      };
    },
    'mass assignment: only newQuantity is applied',
  ),
  api(
    'POST',
    '/api/tools',
    '401 403 403 201',
    async (world) => {
      const input = toolInput('matrix forged id');
      const forgedId = '00000000-0000-4000-8000-000000000005';
      return {
        path: '/api/tools',
        body: { ...input, _id: forgedId, id: forgedId },
        observe: toolsNamed(world, input.name),
        check: async ({ body }) => {
          const problems: string[] = [];
          if ((body as { insertedId: string }).insertedId === forgedId)
            problems.push('insertedId is the forged _id');
          const forged = await world.read(`/api/tools/${forgedId}`);
          if (forged.status !== 404)
            problems.push(`GET /api/tools/${forgedId} answers ${forged.status}`);
          return problems;
        },
        cleanup: () => world.removeToolsNamed(input.name),
      };
    },
    'mass assignment: _id in the body is ignored',
  ),

  // Orders.
  api('POST', '/api/order', '401 201 201 201', async (world) => ({
    path: '/api/order',
    body: { toolId: world.tool.id, quantity: 1, ...ORDER_CONTACT },
    observe: toolOf(world, world.tool.id),
  })),
  api('GET', '/api/order?page=1&limit=5', '401 403 403 200', async () => ({
    path: '/api/order?page=1&limit=5',
  })),
  api('GET', '/api/order/{email}', '401 200 403 200', async (world) => ({
    path: `/api/order/${encodeURIComponent(world.owner.email)}`,
    check: async ({ body }) =>
      (body as { _id: string }[]).some((order) => order._id === world.ownerOrderId)
        ? []
        : ["the owner's order is missing from the list"],
  })),
  api(
    'GET',
    '/api/order/{EMAIL}',
    '401 200 403 200',
    async (world) => ({
      path: `/api/order/${encodeURIComponent(world.owner.email.toUpperCase())}`,
    }),
    'IDOR: the email in upper case',
  ),
  api('DELETE', '/api/order/{id}', '401 200 403 200', async (world) => {
    const id = await world.freshOwnerOrder();
    return {
      path: `/api/order/${id}`,
      observe: orderOf(world, id),
      check: gone(orderOf(world, id), 'the order'),
    };
  }),
  api(
    'PATCH',
    '/api/order/{id}',
    '401 200 403 403',
    async (world) => {
      const { orderId, transactionId } = await world.freshOwnerPayment();
      return {
        path: `/api/order/${orderId}`,
        body: { transactionId },
        observe: orderOf(world, orderId),
        check: async () => {
          const { body } = await world.read(`/api/orders/${orderId}`);
          const order = body as { paid: boolean; transactionId: string | null };
          return order.paid && order.transactionId === transactionId
            ? []
            : ['the order is not paid'];
        },
      };
    },
    "the gateway's transaction id of this order's succeeded payment",
  ),
  api(
    'PATCH',
    '/api/order/{id}',
    '401 400 403 403',
    async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: `/api/order/${id}`,
        body: { paid: true, transactionId: `pi_test_forged_${uniqueSuffix()}` },
        observe: orderOf(world, id),
      };
    },
    'mass assignment: { paid: true } without a payment',
  ),
  api(
    'PATCH',
    '/api/order/{id}',
    '401 400 403 403',
    async (world) => {
      const paid = await world.freshOwnerPayment();
      const id = await world.freshOwnerOrder();
      return {
        path: `/api/order/${id}`,
        body: { transactionId: paid.transactionId },
        observe: orderOf(world, id),
      };
    },
    "replay: another order's succeeded payment",
  ),
  api('PUT', '/api/order/shipped/{id}', '401 403 403 200', async (world) => {
    const { orderId } = await world.freshPaidOwnerOrder();
    return {
      path: `/api/order/shipped/${orderId}`,
      observe: orderOf(world, orderId),
      check: async () => {
        const { body } = await world.read(`/api/orders/${orderId}`);
        return (body as { shipped: boolean }).shipped ? [] : ['the order is not shipped'];
      },
    };
  }),
  api('GET', '/api/orders/{id}', '401 200 403 200', async (world) => ({
    path: `/api/orders/${world.ownerOrderId}`,
  })),
  api(
    'POST',
    '/api/order',
    '401 201 201 201',
    async (world, actor) => ({
      path: '/api/order',
      body: {
        toolId: world.tool.id,
        quantity: 2,
        ...ORDER_CONTACT,
        paid: true,
        shipped: true,
        transactionId: `pi_test_forged_${uniqueSuffix()}`,
        price: 0.01,
        total: 0.02,
        name: 'Forged product',
        email: actor === 'other' ? world.owner.email : world.other.email,
        userName: 'Mallory',
        _id: '00000000-0000-4000-8000-000000000001',
      },
      observe: toolOf(world, world.tool.id),
      check: async ({ body }) => {
        const caller = who(world, actor)!;
        const id = (body as { insertedId: string }).insertedId;
        const order = (await world.read(`/api/orders/${id}`)).body as Record<string, unknown>;
        return differences('order', order, {
          _id: id,
          name: world.tool.name,
          price: world.tool.price,
          total: world.tool.price * 2,
          email: caller.email,
          userName: caller.name,
          paid: false,
          shipped: false,
          transactionId: null,
        });
      },
    }),
    'mass assignment: paid, shipped, transactionId, price, total, email, userName are ignored',
  ),

  // Payments.
  api('POST', '/api/create-payment-intent', '401 200 403 403', async (world) => {
    const id = await world.freshOwnerOrder();
    return {
      path: '/api/create-payment-intent',
      body: { orderId: id },
      observe: orderOf(world, id),
    };
  }),
  api(
    'POST',
    '/api/create-payment-intent',
    '401 400 403 403',
    async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: '/api/create-payment-intent',
        body: { orderId: id, price: 0.01 },
        observe: orderOf(world, id),
      };
    },
    'mass assignment: a price other than the order total is refused',
  ),
  api('POST', '/api/payments/test/confirm', '401 200 403 403', async (world) => {
    const { orderId, clientSecret } = await world.freshOwnerIntent();
    return {
      path: '/api/payments/test/confirm',
      body: { clientSecret, ...GOOD_CARD, expiry: futureExpiry() },
      // The test gateway reuses an open intent: asking again returns the same secret until it is charged.
      observe: async () => {
        const again = await world.owner.session.post('/api/create-payment-intent', {
          data: { orderId },
        });
        const { clientSecret: current } = (await again.json()) as { clientSecret?: string };
        return current === clientSecret ? 'intent still open' : 'intent charged';
      },
    };
  }),
  api(
    'POST',
    '/api/stripe/webhook',
    '404 404 404 404',
    async (world) => {
      const id = await world.freshOwnerOrder();
      const { body } = await world.read(`/api/orders/${id}`);
      const total = Math.round((body as { total: number }).total * 100);
      return {
        path: '/api/stripe/webhook',
        raw: { text: webhookEvent(id, total), contentType: 'application/json' },
        headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        observe: orderOf(world, id),
      };
    },
    'Stripe is off: nobody can mark an order paid through it',
  ),

  // Reviews.
  api('GET', '/api/reviews', '200 200 200 200', async () => ({ path: '/api/reviews' })),
  api(
    'POST',
    '/api/reviews',
    '401 201 201 201',
    async (world, actor) => {
      const text = `Matrix review ${uniqueSuffix()}`;
      return {
        path: '/api/reviews',
        body: {
          toolName: world.tool.name,
          userReview: text,
          rating: 4,
          userName: 'Mallory',
          email: actor === 'other' ? world.owner.email : world.other.email,
          _id: '00000000-0000-4000-8000-000000000002',
        },
        observe: reviewsWith(world, text),
        check: async ({ body }) => {
          const id = (body as { insertedId: string }).insertedId;
          const reviews = (await reviewsWith(world, text)()) as Record<string, unknown>[];
          const review = reviews.find((candidate) => candidate._id === id);
          if (!review) return [`review ${id} is not in GET /api/reviews`];
          const problems: string[] = [];
          const caller = who(world, actor)!;
          if (review.userName !== caller.name)
            problems.push(
              `review.userName is ${JSON.stringify(review.userName)}, expected ${caller.name}`,
            );
          if ('email' in review) problems.push('GET /api/reviews shows an email');
          return problems;
        },
      };
    },
    'mass assignment: userName and email in the body are ignored',
  ),

  // Users.
  api(
    'POST',
    '/api/mail/{id}/resend',
    '401 403 403 404',
    async () => ({ path: '/api/mail/6f1c8a52-0000-4000-8000-000000000000/resend' }),
    'an id no mail has: only the admin gets as far as looking it up',
  ),
  api(
    'POST',
    '/api/password/change',
    '401 400 400 400',
    async () => ({
      path: '/api/password/change',
      body: { currentPassword: 'whatever', newPassword: '12' },
    }),
    'a new password too short: identity first, then the field message, nothing changed',
  ),
  api(
    'POST',
    '/api/password/reset',
    '400 400 400 400',
    async () => ({
      path: '/api/password/reset',
      body: { token: 'x'.repeat(43), password: 'new-password' },
    }),
    'anyone may try a link; a made-up token is refused',
  ),
  api(
    'POST',
    '/api/verify-email',
    '400 400 400 400',
    async () => ({ path: '/api/verify-email', body: { token: 'x'.repeat(43) } }),
    'anyone may use a link; a made-up token is refused',
  ),
  api('GET', '/api/user', '401 403 403 200', async () => ({ path: '/api/user' })),
  api('GET', '/api/user/{email}', '401 200 403 200', async (world) => ({
    path: `/api/user/${encodeURIComponent(world.owner.email)}`,
  })),
  api(
    'GET',
    '/api/user/{EMAIL}',
    '401 200 403 200',
    async (world) => ({
      path: `/api/user/${encodeURIComponent(world.owner.email.toUpperCase())}`,
    }),
    'IDOR: the email in upper case',
  ),
  api(
    'PUT',
    '/api/user/{email}',
    '401 200 403 403',
    async (world) => ({
      path: `/api/user/${encodeURIComponent(world.owner.email)}`,
      body: { email: world.owner.email, role: 'admin' },
      observe: userOf(world, world.owner.email),
      check: async ({ body }) => {
        const problems: string[] = [];
        if (typeof (body as { token?: unknown }).token !== 'string') problems.push('no token');
        const user = (await userOf(world, world.owner.email)()).body as { role: string };
        if (user.role !== 'customer') problems.push(`the owner's role became ${user.role}`);
        return problems;
      },
    }),
    'token request { email }; role in the body is ignored',
  ),
  api(
    'PUT',
    '/api/user/{email}',
    '401 200 403 403',
    async (world, actor) => {
      const profile = profileFor(`${actor} ${uniqueSuffix()}`);
      return {
        path: `/api/user/${encodeURIComponent(world.owner.email)}`,
        body: {
          ...profile,
          role: 'admin',
          _id: world.admin.id,
          email: world.other.email,
          name: world.owner.name,
        },
        observe: userOf(world, world.owner.email),
        check: async () => {
          const user = (await userOf(world, world.owner.email)()).body as Record<string, unknown>;
          return differences('user', user, {
            ...profile,
            role: 'customer',
            _id: world.owner.id,
            email: world.owner.email,
          });
        },
      };
    },
    'profile update; role, _id and email in the body are ignored',
  ),
  api('DELETE', '/api/user/{id}', '401 403 403 200', async (world) => {
    const account = await world.freshAccount();
    return {
      path: `/api/user/${account.id}`,
      observe: userOf(world, account.email),
      check: gone(userOf(world, account.email), 'the account'),
    };
  }),
  api('GET', '/api/user/admin/{email}', '401 200 200 200', async (world) => ({
    path: `/api/user/admin/${encodeURIComponent(world.owner.email)}`,
    check: async ({ body }) =>
      (body as { admin?: unknown }).admin === false ? [] : [`answered ${JSON.stringify(body)}`],
  })),
  api('PUT', '/api/user/admin/{email}', '401 403 403 200', async (world) => {
    const account = await world.freshAccount();
    return {
      path: `/api/user/admin/${encodeURIComponent(account.email)}`,
      observe: userOf(world, account.email),
      check: async () => {
        const user = (await userOf(world, account.email)()).body as { role: string };
        return user.role === 'admin' ? [] : [`role is ${user.role}`];
      },
      cleanup: async () => {
        await world.admin.session.delete(`/api/user/${account.id}`);
      },
    };
  }),
  api('PUT', '/api/user/disabled/{id}', '401 403 403 200', async (world) => {
    const account = await world.freshAccount();
    return {
      path: `/api/user/disabled/${account.id}`,
      body: { disabled: true },
      observe: userOf(world, account.email),
      check: async () => {
        const user = (await userOf(world, account.email)()).body as { disabled: boolean };
        return user.disabled === true ? [] : ['the account is not disabled'];
      },
      cleanup: async () => {
        await world.admin.session.delete(`/api/user/${account.id}`);
      },
    };
  }),
  api(
    'POST',
    '/api/signup',
    '201 201 201 201',
    async (world) => {
      const suffix = uniqueSuffix();
      const email = `quality-matrix-signup-${suffix}@example.com`;
      const forgedId = '00000000-0000-4000-8000-000000000003';
      return {
        path: '/api/signup',
        body: {
          name: `Matrix signup ${suffix}`,
          email,
          password: `pw-${suffix}`,
          role: 'admin',
          isAdmin: true,
          _id: forgedId,
        },
        check: async ({ body }) => {
          const user = (await userOf(world, email)()).body as { role: string; _id: string };
          const problems: string[] = [];
          if (user.role !== 'customer') problems.push(`the new account's role is ${user.role}`);
          if (user._id === forgedId || (body as { insertedId: string }).insertedId === forgedId)
            problems.push('the new account took the _id from the body');
          return problems;
        },
      };
    },
    'mass assignment: role, _id and isAdmin in the body are ignored',
  ),
  api(
    'GET',
    '/api/two-factor',
    '401 200 200 200',
    async () => ({ path: '/api/two-factor' }),
    "the caller's own two-factor status",
  ),
  api(
    'POST',
    '/api/two-factor/setup',
    '401 201 201 201',
    async () => ({ path: '/api/two-factor/setup' }),
    'a new secret for the caller only; two-factor stays off until a code confirms it',
  ),
  api(
    'POST',
    '/api/two-factor',
    '401 400 400 400',
    async () => ({ path: '/api/two-factor', body: {} }),
    'turning on without a code: identity first, then the field message',
  ),
  api(
    'DELETE',
    '/api/two-factor',
    '401 400 400 400',
    async () => ({ path: '/api/two-factor', body: {} }),
    'turning off without a code: identity first, then the field message',
  ),
  api(
    'POST',
    '/api/two-factor/verify',
    '401 401 401 401',
    async () => ({ path: '/api/two-factor/verify', body: { code: '123456' } }),
    'only a session that owes its code may give one; a signed-in one owes none',
  ),
  api(
    'DELETE',
    '/api/account',
    '401 400 400 400',
    async (world, actor) => ({
      path: '/api/account',
      body: { password: 'x'.repeat(2000) },
      observe: actor === 'anonymous' ? undefined : userOf(world, world.actor(actor).email),
    }),
    'closing with a password too long: identity first, then the field message, nothing closed',
  ),
];

const heading = (text: string): PageOutcome => ({ status: 200, heading: text });
const login: PageOutcome = { redirect: 'login' };
const toDashboard: PageOutcome = { redirect: 'dashboard' };

const signedInPage = (text: string) => ({
  anonymous: login,
  owner: heading(text),
  other: heading(text),
  admin: heading(text),
});
const adminPage = (text: string) => ({
  anonymous: login,
  owner: toDashboard,
  other: toDashboard,
  admin: heading(text),
});
const page = (
  path: string,
  expect: PageRow['expect'],
  resolve: PageRow['resolve'] = async () => path,
): PageRow => ({ kind: 'page', path, expect, resolve });

const PAGE_ROWS: PageRow[] = [
  page('/tools/{id}', signedInPage('{toolName}'), async (world) => `/tools/${world.tool.id}`),
  page('/addreview', signedInPage('Add your Reviews')),
  page('/dashboard', signedInPage('My Profile')),
  page('/dashboard/myorder', signedInPage('My Orders')),
  page('/dashboard/addreview', signedInPage('Add your Reviews')),
  page(
    '/dashboard/payment/{id}',
    {
      anonymous: login,
      owner: heading('Payment Process'),
      other: { status: 404 },
      admin: heading('Payment Process'),
    },
    async (world) => `/dashboard/payment/${world.ownerOrderId}`,
  ),
  page('/dashboard/updateprofile', signedInPage('Update Profile')),
  page('/dashboard/manageproduct', adminPage('All Products')),
  page('/dashboard/manageorder', adminPage('All Orders')),
  page('/dashboard/addproduct', adminPage('Add New Product')),
  page('/dashboard/manageuser', adminPage('All Users')),
  page('/dashboard/mail', adminPage('Outgoing mail')),
];

/** The table: every API route and method, then every protected page. */
export const MATRIX: readonly (ApiRow | PageRow)[] = [...API_ROWS, ...PAGE_ROWS];
