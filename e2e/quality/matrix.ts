import {
  futureExpiry,
  GOOD_CARD,
  ORDER_CONTACT,
  toolInput,
  uniqueSuffix,
  type SignedIn,
} from './support';

/**
 * Who may call what (DESIGN §5), as one table: every /api route and method and every protected page, with the
 * expected outcome for each actor. authorization-matrix.spec.ts runs every cell over HTTP against the production
 * server, with each credential (session cookie and bearer token), and additionally with forged credentials, which
 * must fare exactly like the anonymous column.
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

const statuses = (anonymous: number, owner: number, other: number, admin: number) => ({
  anonymous,
  owner,
  other,
  admin,
});
const everyone = (status: number) => statuses(status, status, status, status);

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
  {
    kind: 'api',
    method: 'GET',
    route: '/api/tools',
    expect: everyone(200),
    prepare: async () => ({ path: '/api/tools' }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/tools',
    expect: statuses(401, 403, 403, 201),
    prepare: async (world) => {
      const input = toolInput('matrix new tool');
      return {
        path: '/api/tools',
        body: input,
        observe: toolsNamed(world, input.name),
        cleanup: () => world.removeToolsNamed(input.name),
      };
    },
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/tools/{id}',
    expect: everyone(200),
    prepare: async (world) => ({ path: `/api/tools/${world.tool.id}` }),
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/tools/{id}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
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
    },
  },
  {
    kind: 'api',
    method: 'DELETE',
    route: '/api/tools/{id}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
      const id = await world.freshTool();
      const { body } = await world.read(`/api/tools/${id}`);
      return {
        path: `/api/tools/${id}`,
        observe: toolOf(world, id),
        check: async () => {
          const { status } = await world.read(`/api/tools/${id}`);
          return status === 404 ? [] : [`the tool still answers ${status}`];
        },
        cleanup: () => world.removeToolsNamed((body as { name: string }).name),
      };
    },
  },

  {
    kind: 'api',
    method: 'PUT',
    route: '/api/tools/{id}',
    note: 'mass assignment: only newQuantity is applied',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
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
          const expected = { ...before, quantity: 55_555 };
          return Object.entries(expected)
            .filter(([key, value]) => after[key] !== value)
            .map(
              ([key, value]) =>
                `tool.${key} is ${JSON.stringify(after[key])}, expected ${JSON.stringify(value)}`,
            );
        },
        cleanup: () => world.removeToolsNamed(before.name as string),
      };
    },
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/tools',
    note: 'mass assignment: _id in the body is ignored',
    expect: statuses(401, 403, 403, 201),
    prepare: async (world) => {
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
  },

  // Orders.
  {
    kind: 'api',
    method: 'POST',
    route: '/api/order',
    expect: statuses(401, 201, 201, 201),
    prepare: async (world) => ({
      path: '/api/order',
      body: { toolId: world.tool.id, quantity: 1, ...ORDER_CONTACT },
      observe: toolOf(world, world.tool.id),
    }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/order?page=1&limit=5',
    expect: statuses(401, 403, 403, 200),
    prepare: async () => ({ path: '/api/order?page=1&limit=5' }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/order/{email}',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => ({
      path: `/api/order/${encodeURIComponent(world.owner.email)}`,
      check: async ({ body }) =>
        (body as { _id: string }[]).some((order) => order._id === world.ownerOrderId)
          ? []
          : ["the owner's order is missing from the list"],
    }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/order/{EMAIL}',
    note: 'IDOR: the email in upper case',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => ({
      path: `/api/order/${encodeURIComponent(world.owner.email.toUpperCase())}`,
    }),
  },
  {
    kind: 'api',
    method: 'DELETE',
    route: '/api/order/{id}',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: `/api/order/${id}`,
        observe: orderOf(world, id),
        check: async () => {
          const { status } = await world.read(`/api/orders/${id}`);
          return status === 404 ? [] : [`the order still answers ${status}`];
        },
      };
    },
  },
  {
    kind: 'api',
    method: 'PATCH',
    route: '/api/order/{id}',
    note: "the gateway's transaction id of this order's succeeded payment",
    expect: statuses(401, 200, 403, 403),
    prepare: async (world) => {
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
  },
  {
    kind: 'api',
    method: 'PATCH',
    route: '/api/order/{id}',
    note: 'mass assignment: { paid: true } without a payment',
    expect: statuses(401, 400, 403, 403),
    prepare: async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: `/api/order/${id}`,
        body: { paid: true, transactionId: `pi_test_forged_${uniqueSuffix()}` },
        observe: orderOf(world, id),
      };
    },
  },
  {
    kind: 'api',
    method: 'PATCH',
    route: '/api/order/{id}',
    note: "replay: another order's succeeded payment",
    expect: statuses(401, 400, 403, 403),
    prepare: async (world) => {
      const paid = await world.freshOwnerPayment();
      const id = await world.freshOwnerOrder();
      return {
        path: `/api/order/${id}`,
        body: { transactionId: paid.transactionId },
        observe: orderOf(world, id),
      };
    },
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/order/shipped/{id}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
      const { orderId } = await world.freshPaidOwnerOrder();
      return {
        path: `/api/order/shipped/${orderId}`,
        observe: orderOf(world, orderId),
        check: async () => {
          const { body } = await world.read(`/api/orders/${orderId}`);
          return (body as { shipped: boolean }).shipped ? [] : ['the order is not shipped'];
        },
      };
    },
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/orders/{id}',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => ({ path: `/api/orders/${world.ownerOrderId}` }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/order',
    note: 'mass assignment: paid, shipped, transactionId, price, total, email, userName are ignored',
    expect: statuses(401, 201, 201, 201),
    prepare: async (world, actor) => ({
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
        const expected = {
          _id: id,
          name: world.tool.name,
          price: world.tool.price,
          total: world.tool.price * 2,
          email: caller.email,
          userName: caller.name,
          paid: false,
          shipped: false,
          transactionId: null,
        };
        return Object.entries(expected)
          .filter(([key, value]) => order[key] !== value)
          .map(
            ([key, value]) =>
              `order.${key} is ${JSON.stringify(order[key])}, expected ${JSON.stringify(value)}`,
          );
      },
    }),
  },

  // Payments.
  {
    kind: 'api',
    method: 'POST',
    route: '/api/create-payment-intent',
    expect: statuses(401, 200, 403, 403),
    prepare: async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: '/api/create-payment-intent',
        body: { orderId: id },
        observe: orderOf(world, id),
      };
    },
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/create-payment-intent',
    note: 'mass assignment: a price other than the order total is refused',
    expect: statuses(401, 400, 403, 403),
    prepare: async (world) => {
      const id = await world.freshOwnerOrder();
      return {
        path: '/api/create-payment-intent',
        body: { orderId: id, price: 0.01 },
        observe: orderOf(world, id),
      };
    },
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/payments/test/confirm',
    expect: statuses(401, 200, 403, 403),
    prepare: async (world) => {
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
    },
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/stripe/webhook',
    note: 'Stripe is off: nobody can mark an order paid through it',
    expect: everyone(404),
    prepare: async (world) => {
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
  },

  // Reviews.
  {
    kind: 'api',
    method: 'GET',
    route: '/api/reviews',
    expect: everyone(200),
    prepare: async () => ({ path: '/api/reviews' }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/reviews',
    note: 'mass assignment: userName and email in the body are ignored',
    expect: statuses(401, 201, 201, 201),
    prepare: async (world, actor) => {
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
  },

  // Users.
  {
    kind: 'api',
    method: 'POST',
    route: '/api/mail/{id}/resend',
    note: 'an id no mail has: only the admin gets as far as looking it up',
    expect: statuses(401, 403, 403, 404),
    prepare: async () => ({ path: '/api/mail/6f1c8a52-0000-4000-8000-000000000000/resend' }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/password/change',
    note: 'a new password too short: identity first, then the field message, nothing changed',
    expect: statuses(401, 400, 400, 400),
    prepare: async () => ({
      path: '/api/password/change',
      body: { currentPassword: 'whatever', newPassword: '12' },
    }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/password/reset',
    note: 'anyone may try a link; a made-up token is refused',
    expect: everyone(400),
    prepare: async () => ({
      path: '/api/password/reset',
      body: { token: 'x'.repeat(43), password: 'new-password' },
    }),
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/verify-email',
    note: 'anyone may use a link; a made-up token is refused',
    expect: everyone(400),
    prepare: async () => ({ path: '/api/verify-email', body: { token: 'x'.repeat(43) } }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/user',
    expect: statuses(401, 403, 403, 200),
    prepare: async () => ({ path: '/api/user' }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/user/{email}',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => ({ path: `/api/user/${encodeURIComponent(world.owner.email)}` }),
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/user/{EMAIL}',
    note: 'IDOR: the email in upper case',
    expect: statuses(401, 200, 403, 200),
    prepare: async (world) => ({
      path: `/api/user/${encodeURIComponent(world.owner.email.toUpperCase())}`,
    }),
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/user/{email}',
    note: 'token request { email }; role in the body is ignored',
    expect: statuses(401, 200, 403, 403),
    prepare: async (world) => ({
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
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/user/{email}',
    note: 'profile update; role, _id and email in the body are ignored',
    expect: statuses(401, 200, 403, 403),
    prepare: async (world, actor) => {
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
          const expected = {
            ...profile,
            role: 'customer',
            _id: world.owner.id,
            email: world.owner.email,
          };
          return Object.entries(expected)
            .filter(([key, value]) => user[key] !== value)
            .map(
              ([key, value]) =>
                `user.${key} is ${JSON.stringify(user[key])}, expected ${JSON.stringify(value)}`,
            );
        },
      };
    },
  },
  {
    kind: 'api',
    method: 'DELETE',
    route: '/api/user/{id}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
      const account = await world.freshAccount();
      return {
        path: `/api/user/${account.id}`,
        observe: userOf(world, account.email),
        check: async () => {
          const { status } = await userOf(world, account.email)();
          return status === 404 ? [] : [`the account still answers ${status}`];
        },
      };
    },
  },
  {
    kind: 'api',
    method: 'GET',
    route: '/api/user/admin/{email}',
    expect: statuses(401, 200, 200, 200),
    prepare: async (world) => ({
      path: `/api/user/admin/${encodeURIComponent(world.owner.email)}`,
      check: async ({ body }) =>
        (body as { admin?: unknown }).admin === false ? [] : [`answered ${JSON.stringify(body)}`],
    }),
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/user/admin/{email}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
      const account = await world.freshAccount();
      const remove = async () => {
        await world.admin.session.delete(`/api/user/${account.id}`);
      };
      return {
        path: `/api/user/admin/${encodeURIComponent(account.email)}`,
        observe: userOf(world, account.email),
        check: async () => {
          const user = (await userOf(world, account.email)()).body as { role: string };
          return user.role === 'admin' ? [] : [`role is ${user.role}`];
        },
        cleanup: remove,
      };
    },
  },
  {
    kind: 'api',
    method: 'PUT',
    route: '/api/user/disabled/{id}',
    expect: statuses(401, 403, 403, 200),
    prepare: async (world) => {
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
    },
  },
  {
    kind: 'api',
    method: 'POST',
    route: '/api/signup',
    note: 'mass assignment: role, _id and isAdmin in the body are ignored',
    expect: everyone(201),
    prepare: async (world) => {
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
  },
];

const heading = (text: string): PageOutcome => ({ status: 200, heading: text });
const login: PageOutcome = { redirect: 'login' };
const toDashboard: PageOutcome = { redirect: 'dashboard' };
const notFound: PageOutcome = { status: 404 };

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

const PAGE_ROWS: PageRow[] = [
  {
    kind: 'page',
    path: '/tools/{id}',
    expect: signedInPage('{toolName}'),
    resolve: async (world) => `/tools/${world.tool.id}`,
  },
  {
    kind: 'page',
    path: '/addreview',
    expect: signedInPage('Add your Reviews'),
    resolve: async () => '/addreview',
  },
  {
    kind: 'page',
    path: '/dashboard',
    expect: signedInPage('My Profile'),
    resolve: async () => '/dashboard',
  },
  {
    kind: 'page',
    path: '/dashboard/myorder',
    expect: signedInPage('My Orders'),
    resolve: async () => '/dashboard/myorder',
  },
  {
    kind: 'page',
    path: '/dashboard/addreview',
    expect: signedInPage('Add your Reviews'),
    resolve: async () => '/dashboard/addreview',
  },
  {
    kind: 'page',
    path: '/dashboard/payment/{id}',
    expect: {
      anonymous: login,
      owner: heading('Payment Process'),
      other: notFound,
      admin: heading('Payment Process'),
    },
    resolve: async (world) => `/dashboard/payment/${world.ownerOrderId}`,
  },
  {
    kind: 'page',
    path: '/dashboard/updateprofile',
    expect: signedInPage('Update Profile'),
    resolve: async () => '/dashboard/updateprofile',
  },
  {
    kind: 'page',
    path: '/dashboard/manageproduct',
    expect: adminPage('All Products'),
    resolve: async () => '/dashboard/manageproduct',
  },
  {
    kind: 'page',
    path: '/dashboard/manageorder',
    expect: adminPage('All Orders'),
    resolve: async () => '/dashboard/manageorder',
  },
  {
    kind: 'page',
    path: '/dashboard/addproduct',
    expect: adminPage('Add New Product'),
    resolve: async () => '/dashboard/addproduct',
  },
  {
    kind: 'page',
    path: '/dashboard/manageuser',
    expect: adminPage('All Users'),
    resolve: async () => '/dashboard/manageuser',
  },
  {
    kind: 'page',
    path: '/dashboard/mail',
    expect: adminPage('Outgoing mail'),
    resolve: async () => '/dashboard/mail',
  },
];

/** The table: every API route and method, then every protected page. */
export const MATRIX: readonly (ApiRow | PageRow)[] = [...API_ROWS, ...PAGE_ROWS];
