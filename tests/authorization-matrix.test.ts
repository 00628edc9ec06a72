import { and, desc, eq, inArray } from 'drizzle-orm';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import * as account from '@/app/api/account/route';
import * as companiesRoute from '@/app/api/companies/route';
import * as companyTerms from '@/app/api/companies/[id]/terms/route';
import * as companyRoute from '@/app/api/company/route';
import * as companyAddressesRoute from '@/app/api/company/addresses/route';
import * as companyAddressRoute from '@/app/api/company/addresses/[id]/route';
import * as invitationsRoute from '@/app/api/company/invitations/route';
import * as invitationAccept from '@/app/api/company/invitations/accept/route';
import * as companyMember from '@/app/api/company/members/[userId]/route';
import { createCompany } from '@/lib/companies/create';
import { inviteMember } from '@/lib/companies/invitations';
import { ensureCompanyOf } from '@/lib/db/company-membership';

import * as analyticsRoute from '@/app/api/analytics/route';
import * as auditRoute from '@/app/api/audit/route';
import * as uploadsRoute from '@/app/api/uploads/route';
import * as photoRoute from '@/app/api/uploads/[id]/route';
import * as cartLine from '@/app/api/cart/[toolId]/route';
import * as cartLines from '@/app/api/cart/lines/route';
import * as cartRoute from '@/app/api/cart/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as listToCart from '@/app/api/lists/[id]/cart/route';
import * as listLinesRoute from '@/app/api/lists/[id]/lines/route';
import * as oneList from '@/app/api/lists/[id]/route';
import * as listsRoute from '@/app/api/lists/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as shipmentSlip from '@/app/api/checkout/[id]/shipments/[number]/packing-slip/route';
import * as shipmentsRoute from '@/app/api/checkout/[id]/shipments/route';
import * as intent from '@/app/api/create-payment-intent/route';
import * as mailResend from '@/app/api/mail/[id]/resend/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as orderExport from '@/app/api/order/export/route';
import * as orderRoute from '@/app/api/order/route';
import * as shipped from '@/app/api/order/shipped/[id]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import * as passwordChange from '@/app/api/password/change/route';
import * as quoteAccept from '@/app/api/quotes/[id]/accept/route';
import * as quoteDecline from '@/app/api/quotes/[id]/decline/route';
import * as quoteMessages from '@/app/api/quotes/[id]/messages/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quoteWithdraw from '@/app/api/quotes/[id]/withdraw/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as passwordReset from '@/app/api/password/reset/route';
import * as testConfirm from '@/app/api/payments/test/confirm/route';
import * as reviewsRoute from '@/app/api/reviews/route';
import * as signup from '@/app/api/signup/route';
import * as webhook from '@/app/api/stripe/webhook/route';
import * as toolById from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as toolLookup from '@/app/api/tools/lookup/route';
import * as twoFactor from '@/app/api/two-factor/route';
import * as twoFactorSetup from '@/app/api/two-factor/setup/route';
import * as twoFactorVerify from '@/app/api/two-factor/verify/route';
import * as userAdmin from '@/app/api/user/admin/[email]/route';
import * as userDisabled from '@/app/api/user/disabled/[id]/route';
import * as userCompany from '@/app/api/user/company/route';
import * as userTerms from '@/app/api/user/terms/[id]/route';
import * as invoiceRoute from '@/app/api/invoices/[number]/route';
import * as invoicePayments from '@/app/api/invoices/[number]/payments/route';
import * as packingSlip from '@/app/api/orders/[id]/packing-slip/route';
import * as statementPdf from '@/app/api/statement/pdf/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import * as verifyEmail from '@/app/api/verify-email/route';
import { getDb } from '@/lib/db/client';
import {
  cartLines as cartLinesTable,
  checkouts,
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  listLines,
  mailOutbox,
  lists,
  invoices,
  orders,
  paymentIntents,
  quoteLines,
  quoteMessages as quoteThread,
  quotes,
  reviews,
  throttleHits,
  tools,
  users,
} from '@/lib/db/schema';
import {
  actorOf,
  call,
  cookieOf,
  errorBodyProblem,
  makeTool,
  makeUser,
  sessionCookie,
  type TestUser,
} from './helpers';
import { TEST_CARD } from './order-steps';
import { memberCompany, termsForUser } from './companies-fixtures';

/**
 * Who may call what, as one table: every /api route and method, with what anonymous, the owner of the resource,
 * another customer and the admin get. Every cell runs in-process through the route handler with each credential
 * (session cookie and bearer token) and with forged admin credentials, which must fare exactly like anonymous. A
 * refused call changes nothing; `check` verifies what an accepted one did (mass assignment, IDOR). The protected
 * pages' own table is e2e/quality/protected-pages.spec.ts (rendering needs the server).
 */
type Column = 'anonymous' | 'owner' | 'other' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Prepared {
  params?: Record<string, string>;
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** State the call targets: identical before and after every refused call. */
  observe?: () => Promise<unknown>;
  /** What an accepted call must have done. */
  check?: (body: Record<string, unknown>) => Promise<void>;
}

interface Row {
  title: string;
  handler: unknown;
  method: Method;
  expect: Record<Column, number>;
  prepare: (caller: Column) => Promise<Prepared>;
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let tool: { id: string; name: string; price: number };
let ownerOrderId: string;
const people = () => ({ owner, other, admin });

const db = () => getDb();
const rowsOf = {
  tool: (id: string) => () => db().select().from(tools).where(eq(tools.id, id)),
  order: (id: string) => async () => [
    await db().select().from(orders).where(eq(orders.id, id)),
    await db().select().from(paymentIntents).where(eq(paymentIntents.orderId, id)),
  ],
  user: (id: string) => () => db().select().from(users).where(eq(users.id, id)),
  toolsNamed: (name: string) => () => db().select().from(tools).where(eq(tools.name, name)),
  quote: (id: string) => async () => [
    await db().select().from(quotes).where(eq(quotes.id, id)),
    await db().select().from(quoteLines).where(eq(quoteLines.quoteId, id)),
    await db().select().from(quoteThread).where(eq(quoteThread.quoteId, id)),
  ],
  list: (id: string) => async () => [
    await db().select().from(lists).where(eq(lists.id, id)),
    await db().select().from(listLines).where(eq(listLines.listId, id)),
  ],
  reviewsSaying: (text: string) => () =>
    db().select().from(reviews).where(eq(reviews.userReview, text)),
};

const read = async (handler: unknown, params: Record<string, string>) =>
  call(handler, { params, token: admin.token });

const postAs = (user: TestUser, handler: unknown, body: unknown, params = {}) =>
  call(handler, { method: 'POST', body, params, token: user.token });

async function freshOwnerOrder(quantity = 1): Promise<string> {
  const placed = await postAs(owner, orderRoute.POST, {
    toolId: tool.id,
    quantity,
    address: '1 Matrix Street',
    phone: '+1 555 0100',
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId as string;
}

async function freshOwnerIntent() {
  const orderId = await freshOwnerOrder();
  const { body } = await postAs(owner, intent.POST, { orderId });
  return { orderId, clientSecret: body.clientSecret as string };
}

/** A checkout of one line placed by the owner (the cart is the owner's own, so it is filled here). */
async function ownerList(): Promise<string> {
  // Every cell makes its own, and an account keeps at most 50.
  await db().delete(lists).where(eq(lists.userId, owner.id));
  const made = await postAs(owner, listsRoute.POST, {
    name: 'Matrix list',
    lines: [{ toolId: tool.id, quantity: 3 }],
  });
  expect(made.status).toBe(201);
  return made.body.listId as string;
}

async function freshOwnerCheckout(): Promise<string> {
  const line = await call(cartLine.PUT, {
    method: 'PUT',
    params: { toolId: tool.id },
    body: { quantity: 1 },
    token: owner.token,
  });
  expect(line.status).toBe(200);
  const placed = await postAs(owner, checkoutRoute.POST, {
    address: '1 Matrix Street',
    phone: '1',
  });
  expect(placed.status).toBe(201);
  return placed.body.checkoutId as string;
}

/** The owner's checkout of one line, paid (written directly: this matrix is about who may ship it). */
async function freshPaidOwnerCheckout(): Promise<{ checkoutId: string; orderId: string }> {
  const checkoutId = await freshOwnerCheckout();
  const transactionId = `pi_matrix_${checkoutId}`;
  await db().update(checkouts).set({ transactionId }).where(eq(checkouts.id, checkoutId));
  const [line] = await db()
    .update(orders)
    .set({ paid: true, transactionId, paidAt: new Date() })
    .where(eq(orders.checkoutId, checkoutId))
    .returning();
  return { checkoutId, orderId: line!.id };
}

let ownerInvoiceNumber: Promise<string> | undefined;
/** One invoice of the owner's, on net terms (placed once, shared by the rows that read or pay it). */
function ownerInvoice(): Promise<string> {
  ownerInvoiceNumber ??= (async () => {
    await termsForUser(owner.id, 30, 100_000_000);
    await call(cartLine.PUT, {
      method: 'PUT',
      params: { toolId: tool.id },
      body: { quantity: 10_000 },
      token: owner.token,
    });
    const placed = await postAs(owner, checkoutRoute.POST, {
      address: '1 Matrix Street',
      phone: '1',
      paymentMethod: 'invoice',
    });
    expect(placed.status).toBe(201);
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, placed.body.checkoutId as string));
    return invoice!.number;
  })();
  return ownerInvoiceNumber;
}

const IN_A_WEEK = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** A quote the owner asked for; answered by the admin when told. */
async function freshOwnerQuote(answered = false): Promise<string> {
  // The matrix asks for more quotes than an hour allows one account, and leaves more open than one may hold: each cell
  // starts a new hour with the owner's earlier quotes withdrawn.
  await getDb().delete(throttleHits);
  await getDb()
    .update(quotes)
    .set({ status: 'withdrawn' })
    .where(and(eq(quotes.userId, owner.id), inArray(quotes.status, ['requested', 'answered'])));
  const made = await postAs(owner, quotesRoute.POST, {
    lines: [{ toolId: tool.id, quantity: 50_000 }],
    message: 'Matrix quote',
  });
  expect(made.status).toBe(201);
  const id = made.body.quoteId as string;
  if (answered) {
    const answer = await call(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [{ toolId: tool.id, unitPrice: 1.5 }],
        leadTimeDays: 10,
        validUntil: IN_A_WEEK(),
      },
      token: admin.token,
    });
    expect(answer.status).toBe(200);
  }
  return id;
}

const onQuote =
  (answered: boolean, body: () => unknown = () => undefined) =>
  async (): Promise<Prepared> => {
    const id = await freshOwnerQuote(answered);
    return { params: { id }, body: body(), observe: rowsOf.quote(id) };
  };

/** An order whose test-card payment succeeded, not yet recorded on the order. */
async function freshOwnerPayment() {
  const { orderId, clientSecret } = await freshOwnerIntent();
  const { status, body } = await postAs(owner, testConfirm.POST, { clientSecret, ...TEST_CARD });
  expect(status).toBe(200);
  return { orderId, transactionId: body.id as string };
}

/** The fields of `actual` that differ from `expected`. */
function expectFields(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  expect(Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key]]))).toEqual(
    expected,
  );
}

const gone = (handler: unknown, params: Record<string, string>) => async () => {
  expect((await read(handler, params)).status).toBe(404);
};

const codes = (text: string): Record<Column, number> => {
  const [anonymous, owner, other, admin] = text.split(' ').map(Number) as number[];
  return { anonymous: anonymous!, owner: owner!, other: other!, admin: admin! };
};

const row = (
  title: string,
  handler: unknown,
  expected: string,
  prepare: Row['prepare'] = async () => ({}),
): Row => ({
  title,
  handler,
  method: title.split(' ')[0] as Method,
  expect: codes(expected),
  prepare,
});

const callerOf = (column: Column) => (column === 'anonymous' ? null : people()[column]);
/** A signed-in caller's own account must not change when the call is refused. */
const ownAccount = (column: Column) =>
  column === 'anonymous' ? {} : { observe: rowsOf.user(callerOf(column)!.id) };
const PROFILE = {
  address: 'Matrix address',
  education: 'Matrix education',
  institution: 'Matrix institution',
  phone: '+1 555 0199',
  linkedIn: 'https://www.linkedin.com/in/matrix',
};
const FORGED_ID = '00000000-0000-4000-8000-000000000001';

/** The caller out of any company: founding and joining start from here. */
async function alone(column: Column) {
  if (column === 'anonymous') return;
  await db()
    .delete(companyMembers)
    .where(eq(companyMembers.userId, callerOf(column)!.id));
}

/** The owner's company, the owner its owner; the other customer and the admin belong to none. */
async function ownersCompany(): Promise<string> {
  await alone('other');
  await alone('admin');
  const made = await db().transaction((tx) => ensureCompanyOf(tx, owner.id));
  await db()
    .update(companyMembers)
    .set({ role: 'owner' })
    .where(eq(companyMembers.userId, owner.id));
  return made!.companyId;
}

/** A fresh buyer of the owner's company. */
async function memberOfOwnersCompany(): Promise<string> {
  const companyId = await ownersCompany();
  const member = await makeUser();
  await db().insert(companyMembers).values({ userId: member.id, companyId, role: 'buyer' });
  return member.id;
}

const MATRIX_ADDRESS = {
  label: 'Matrix dock',
  recipient: 'Goods in',
  street: '1 Matrix Street',
  postcode: '10001',
  city: 'Springfield',
  country: 'US',
};

/** An entry of the owner's company's address book. */
async function addressOfOwnersCompany(): Promise<string> {
  const companyId = await ownersCompany();
  const [address] = await db()
    .insert(companyAddresses)
    .values({ companyId, ...MATRIX_ADDRESS })
    .returning({ id: companyAddresses.id });
  return address!.id;
}

const ROWS: Row[] = [
  // Catalogue.
  row('GET /api/tools', toolsRoute.GET, '200 200 200 200'),
  row('POST /api/tools', toolsRoute.POST, '401 403 403 201', async () => {
    const name = `Matrix tool ${crypto.randomUUID()}`;
    return {
      body: {
        name,
        about: 'A tool made by the matrix.',
        price: 2.5,
        quantity: 100,
        min_quantity: 1,
        image: '/images/placeholder-tool.svg',
        _id: FORGED_ID,
        id: FORGED_ID,
      },
      observe: rowsOf.toolsNamed(name),
      // mass assignment: an _id in the body is ignored
      check: async (body) => {
        expect(body.insertedId).not.toBe(FORGED_ID);
        expect((await read(toolById.GET, { id: FORGED_ID })).status).toBe(404);
      },
    };
  }),
  // Public, like the catalogue's prices: the look-up reveals nothing the product pages do not.
  row('GET /api/tools/lookup', toolLookup.GET, '200 200 200 200', async () => ({
    path: `/api/tools/lookup?q=${encodeURIComponent(tool.name)}&quantity=5`,
  })),
  row('GET /api/tools/{id}', toolById.GET, '200 200 200 200', async () => ({
    params: { id: tool.id },
  })),
  row('PUT /api/tools/{id}', toolById.PUT, '401 403 403 200', async () => {
    const { id } = await makeTool();
    const before = (await read(toolById.GET, { id })).body;
    return {
      params: { id },
      // mass assignment: only newQuantity is applied
      body: {
        newQuantity: 55_555,
        price: 0.01,
        name: 'Hacked name',
        about: 'Hacked about',
        min_quantity: 9,
        image: 'https://attacker.example/x.png',
        _id: FORGED_ID,
      },
      observe: rowsOf.tool(id),
      check: async () =>
        expect((await read(toolById.GET, { id })).body).toEqual({ ...before, quantity: 55_555 }),
    };
  }),
  row('DELETE /api/tools/{id}', toolById.DELETE, '401 403 403 200', async () => {
    const { id } = await makeTool();
    return { params: { id }, observe: rowsOf.tool(id), check: gone(toolById.GET, { id }) };
  }),

  // Orders.
  row('POST /api/order', orderRoute.POST, '401 201 201 201', async (caller) => ({
    // mass assignment: paid, shipped, transactionId, price, total, email, userName are ignored
    body: {
      toolId: tool.id,
      quantity: 2,
      address: '1 Matrix Street',
      phone: '+1 555 0100',
      paid: true,
      shipped: true,
      transactionId: 'pi_test_forged',
      price: 0.01,
      total: 0.02,
      name: 'Forged product',
      email: caller === 'other' ? owner.email : other.email,
      userName: 'Mallory',
      _id: FORGED_ID,
    },
    observe: rowsOf.tool(tool.id),
    check: async (body) => {
      const caller_ = callerOf(caller)!;
      const id = body.insertedId as string;
      expectFields((await read(oneOrder.GET, { id })).body, {
        _id: id,
        name: tool.name,
        price: tool.price,
        total: tool.price * 2,
        email: caller_.email,
        userName: caller_.name,
        paid: false,
        shipped: false,
        transactionId: null,
      });
    },
  })),
  row('GET /api/order?page=1&limit=5', orderRoute.GET, '401 403 403 200', async () => ({
    path: '/api/order?page=1&limit=5',
  })),
  row('GET /api/order/export', orderExport.GET, '401 403 403 200', async () => ({
    path: '/api/order/export',
  })),
  row('GET /api/order/{email}', orderByKey.GET, '401 200 403 200', async () => ({
    params: { key: owner.email },
    check: async (body) =>
      expect((body as unknown as { _id: string }[]).map((order) => order._id)).toContain(
        ownerOrderId,
      ),
  })),
  row('GET /api/order/{EMAIL} (IDOR: upper case)', orderByKey.GET, '401 200 403 200', async () => ({
    params: { key: owner.email.toUpperCase() },
  })),
  row('DELETE /api/order/{id}', orderByKey.DELETE, '401 200 403 200', async () => {
    const id = await freshOwnerOrder();
    return { params: { key: id }, observe: rowsOf.order(id), check: gone(oneOrder.GET, { id }) };
  }),
  row(
    'PATCH /api/order/{id} (its succeeded payment)',
    orderByKey.PATCH,
    '401 200 403 403',
    async () => {
      const { orderId, transactionId } = await freshOwnerPayment();
      return {
        params: { key: orderId },
        body: { transactionId },
        observe: rowsOf.order(orderId),
        check: async () =>
          expectFields((await read(oneOrder.GET, { id: orderId })).body, {
            paid: true,
            transactionId,
          }),
      };
    },
  ),
  row(
    'PATCH /api/order/{id} (paid: true, no payment)',
    orderByKey.PATCH,
    '401 400 403 403',
    async () => {
      const id = await freshOwnerOrder();
      return {
        params: { key: id },
        body: { paid: true, transactionId: 'pi_test_forged' },
        observe: rowsOf.order(id),
      };
    },
  ),
  row(
    "PATCH /api/order/{id} (another order's payment)",
    orderByKey.PATCH,
    '401 400 403 403',
    async () => {
      const { transactionId } = await freshOwnerPayment();
      const id = await freshOwnerOrder();
      return { params: { key: id }, body: { transactionId }, observe: rowsOf.order(id) };
    },
  ),
  row('PUT /api/order/shipped/{id}', shipped.PUT, '401 403 403 200', async () => {
    const { orderId, transactionId } = await freshOwnerPayment();
    expect(
      (
        await call(orderByKey.PATCH, {
          method: 'PATCH',
          params: { key: orderId },
          body: { transactionId },
          token: owner.token,
        })
      ).status,
    ).toBe(200);
    return {
      params: { id: orderId },
      observe: rowsOf.order(orderId),
      check: async () =>
        expectFields((await read(oneOrder.GET, { id: orderId })).body, { shipped: true }),
    };
  }),
  row('GET /api/orders/{id}', oneOrder.GET, '401 200 403 200', async () => ({
    params: { id: ownerOrderId },
  })),

  // Payments.
  row('POST /api/create-payment-intent', intent.POST, '401 200 403 403', async () => {
    const orderId = await freshOwnerOrder();
    return { body: { orderId }, observe: rowsOf.order(orderId) };
  }),
  row(
    'POST /api/create-payment-intent (a price not the total)',
    intent.POST,
    '401 400 403 403',
    async () => {
      const orderId = await freshOwnerOrder();
      return { body: { orderId, price: 0.01 }, observe: rowsOf.order(orderId) };
    },
  ),
  // The test gateway's card form acts on the order the intent is for: someone else's is the same 404 as none.
  row('POST /api/payments/test/confirm', testConfirm.POST, '401 200 404 403', async () => {
    const { orderId, clientSecret } = await freshOwnerIntent();
    return { body: { clientSecret, ...TEST_CARD }, observe: rowsOf.order(orderId) };
  }),
  row('POST /api/stripe/webhook (Stripe off)', webhook.POST, '404 404 404 404', async () => {
    const orderId = await freshOwnerOrder();
    const event = {
      type: 'payment_intent.succeeded',
      data: {
        object: { id: 'pi_forged', amount: 250, status: 'succeeded', metadata: { orderId } },
      },
    };
    return {
      body: event,
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      observe: rowsOf.order(orderId),
    };
  }),

  // Reviews.
  row('GET /api/reviews', reviewsRoute.GET, '200 200 200 200'),
  row('POST /api/reviews', reviewsRoute.POST, '401 201 201 201', async (caller) => {
    const text = `Matrix review ${crypto.randomUUID()}`;
    return {
      // mass assignment: userName and email in the body are ignored
      body: {
        toolName: tool.name,
        userReview: text,
        rating: 4,
        userName: 'Mallory',
        email: caller === 'other' ? owner.email : other.email,
        _id: FORGED_ID,
      },
      observe: rowsOf.reviewsSaying(text),
      check: async (body) => {
        const listed = (await call<Record<string, unknown>[]>(reviewsRoute.GET)).body;
        const review = listed.find((candidate) => candidate._id === body.insertedId);
        expect(review?.userName).toBe(callerOf(caller)!.name);
        expect(review).not.toHaveProperty('email');
      },
    };
  }),

  // The audit log: admins read it; nobody writes it through a route.
  row('GET /api/audit', auditRoute.GET, '401 403 403 200'),
  row('GET /api/analytics', analyticsRoute.GET, '401 403 403 200'),
  // Photos: any signed-in caller uploads (admins product photos, customers review images); anyone reads one.
  row('POST /api/uploads (JSON, not a file)', uploadsRoute.POST, '401 400 400 400', async () => ({
    body: { file: 'x' },
  })),
  row(
    'GET /api/uploads/{id} (an id no photo has)',
    photoRoute.GET,
    '404 404 404 404',
    async () => ({
      params: { id: '6f1c8a52-0000-4000-8000-000000000000' },
    }),
  ),
  // Accounts.
  row(
    'POST /api/mail/{id}/resend (an id no mail has)',
    mailResend.POST,
    '401 403 403 404',
    async () => ({
      params: { id: '6f1c8a52-0000-4000-8000-000000000000' },
    }),
  ),
  row(
    'POST /api/password/change (new password too short)',
    passwordChange.POST,
    '401 400 400 400',
    async (caller) => ({
      body: { currentPassword: 'whatever', newPassword: '12' },
      ...ownAccount(caller),
    }),
  ),
  row(
    'POST /api/password/reset (a made-up token)',
    passwordReset.POST,
    '400 400 400 400',
    async () => ({
      body: { token: 'x'.repeat(43), password: 'new-password' },
    }),
  ),
  row(
    'POST /api/verify-email (a made-up token)',
    verifyEmail.POST,
    '400 400 400 400',
    async () => ({
      body: { token: 'x'.repeat(43) },
    }),
  ),
  row('GET /api/user', usersRoute.GET, '401 403 403 200'),
  row('GET /api/user/{email}', userByKey.GET, '401 200 403 200', async () => ({
    params: { key: owner.email },
    check: async (body) => expect(body.email).toBe(owner.email),
  })),
  row('GET /api/user/{EMAIL} (IDOR: upper case)', userByKey.GET, '401 200 403 200', async () => ({
    params: { key: owner.email.toUpperCase() },
  })),
  row(
    'PUT /api/user/{email} (token request, role ignored)',
    userByKey.PUT,
    '401 200 403 403',
    async () => ({
      params: { key: owner.email },
      body: { email: owner.email, role: 'admin' },
      observe: rowsOf.user(owner.id),
      check: async (body) => {
        expect(typeof body.token).toBe('string');
        expectFields((await read(userByKey.GET, { key: owner.email })).body, { role: 'customer' });
      },
    }),
  ),
  row(
    'PUT /api/user/{email} (profile; role, _id, email ignored)',
    userByKey.PUT,
    '401 200 403 403',
    async () => ({
      params: { key: owner.email },
      body: { ...PROFILE, role: 'admin', _id: admin.id, email: other.email, name: owner.name },
      observe: rowsOf.user(owner.id),
      check: async () =>
        expectFields((await read(userByKey.GET, { key: owner.email })).body, {
          ...PROFILE,
          role: 'customer',
          _id: owner.id,
          email: owner.email,
        }),
    }),
  ),
  row('DELETE /api/user/{id}', userByKey.DELETE, '401 403 403 200', async () => {
    const victim = await makeUser();
    return {
      params: { key: victim.id },
      observe: rowsOf.user(victim.id),
      check: gone(userByKey.GET, { key: victim.email }),
    };
  }),
  row('GET /api/user/admin/{email}', userAdmin.GET, '401 200 200 200', async () => ({
    params: { email: owner.email },
    check: async (body) => expect(body).toEqual({ admin: false }),
  })),
  row('PUT /api/user/admin/{email}', userAdmin.PUT, '401 403 403 200', async () => {
    const target = await makeUser();
    return {
      params: { email: target.email },
      observe: rowsOf.user(target.id),
      check: async () =>
        expectFields((await read(userByKey.GET, { key: target.email })).body, { role: 'admin' }),
    };
  }),
  // Company details, net terms, invoices.
  row('PUT /api/user/company', userCompany.PUT, '401 200 200 200', async (caller) => ({
    body: { companyName: `Matrix ${caller} Ltd`, taxId: 'VAT-1', billingAddress: '2 Ledger Lane' },
    observe: () => db().select().from(companies),
    check: async (body) => expect(body.companyName).toBe(`Matrix ${caller} Ltd`),
  })),
  row('PUT /api/user/terms/{id}', userTerms.PUT, '401 403 403 200', async () => {
    const target = await makeUser();
    return {
      params: { id: target.id },
      body: { netDays: 30, creditLimit: 5000 },
      observe: () => memberCompany(target.id),
      check: async () => {
        expect(await memberCompany(target.id)).toMatchObject({
          netDays: 30,
          creditLimitCents: 500_000,
        });
      },
    };
  }),
  row('GET /api/invoices/{number}.pdf', invoiceRoute.GET, '401 200 404 200', async () => ({
    params: { number: `${await ownerInvoice()}.pdf` },
  })),
  row('GET /api/invoices/{number}.xml', invoiceRoute.GET, '401 200 404 200', async () => ({
    params: { number: `${await ownerInvoice()}.xml` },
  })),
  row(
    'GET /api/invoices/{number}.xml?syntax=ubl',
    invoiceRoute.GET,
    '401 200 404 200',
    async () => {
      const number = await ownerInvoice();
      return {
        params: { number: `${number}.xml` },
        path: `/api/invoices/${number}.xml?syntax=ubl`,
      };
    },
  ),
  row('POST /api/invoices/{number}/payments', invoicePayments.POST, '401 403 403 201', async () => {
    const number = await ownerInvoice();
    return {
      params: { number },
      body: { amount: 0.01, date: '2026-01-15', reference: 'BANK-REF-1' },
      observe: () => db().select().from(invoices).where(eq(invoices.number, number)),
      check: async (body) => expect(body.number).toBe(number),
    };
  }),
  // The owner's statement (on terms through their invoice): another customer naming the account gets a 404.
  row('GET /api/statement/pdf?user={owner}', statementPdf.GET, '401 200 404 200', async () => {
    await ownerInvoice();
    return { path: `/api/statement/pdf?user=${owner.id}` };
  }),
  row('GET /api/orders/{id}/packing-slip', packingSlip.GET, '401 403 403 200', async () => ({
    params: { id: ownerOrderId },
  })),
  row('PUT /api/user/disabled/{id}', userDisabled.PUT, '401 403 403 200', async () => {
    const target = await makeUser();
    return {
      params: { id: target.id },
      body: { disabled: true },
      observe: rowsOf.user(target.id),
      check: async () =>
        expectFields((await read(userByKey.GET, { key: target.email })).body, { disabled: true }),
    };
  }),
  row('POST /api/signup (role, _id, isAdmin ignored)', signup.POST, '201 201 201 201', async () => {
    const email = `matrix-${crypto.randomUUID()}@example.com`;
    return {
      body: {
        name: 'Matrix signup',
        email,
        password: 'pw-matrix-signup',
        role: 'admin',
        isAdmin: true,
        _id: FORGED_ID,
      },
      check: async (body) => {
        expect(body.insertedId).not.toBe(FORGED_ID);
        expectFields((await read(userByKey.GET, { key: email })).body, {
          role: 'customer',
          _id: body.insertedId,
        });
      },
    };
  }),
  row("GET /api/two-factor (the caller's own status)", twoFactor.GET, '401 200 200 200'),
  row(
    'POST /api/two-factor/setup (a secret for the caller only)',
    twoFactorSetup.POST,
    '401 201 201 201',
  ),
  row('POST /api/two-factor (no code)', twoFactor.POST, '401 400 400 400', async () => ({
    body: {},
  })),
  row('DELETE /api/two-factor (no code)', twoFactor.DELETE, '401 400 400 400', async () => ({
    body: {},
  })),
  row(
    'POST /api/two-factor/verify (a signed-in session owes no code)',
    twoFactorVerify.POST,
    '401 401 401 401',
    async () => ({
      body: { code: '123456' },
    }),
  ),
  // A cart is the caller's own: another customer or an admin reaches theirs, never the owner's; a visitor (and a forged
  // credential, which names nobody) reaches a guest cart of their own (tests/guest-cart.test.ts).
  row('GET /api/cart', cartRoute.GET, '200 200 200 200'),
  row('PUT /api/cart/{toolId}', cartLine.PUT, '200 200 200 200', async () => ({
    params: { toolId: tool.id },
    body: { quantity: 1 },
  })),
  row('POST /api/cart/lines', cartLines.POST, '200 200 200 200', async () => ({
    body: { lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] },
  })),
  // A saved list is its buyer's alone: another customer and the admin alike get 404.
  row('GET /api/lists', listsRoute.GET, '401 200 200 200'),
  row('POST /api/lists', listsRoute.POST, '401 201 201 201', async (caller) => ({
    body: { name: `Matrix ${caller}`, lines: [{ toolId: tool.id, quantity: 2 }] },
    check: async (body) => {
      const [list] = await db()
        .select()
        .from(lists)
        .where(eq(lists.id, body.listId as string));
      expect(list!.name).toBe(`Matrix ${caller}`);
    },
  })),
  row('GET /api/lists/{id}', oneList.GET, '401 200 404 404', async () => ({
    params: { id: await ownerList() },
  })),
  row('PUT /api/lists/{id}', oneList.PUT, '401 200 404 404', async () => {
    const id = await ownerList();
    return {
      params: { id },
      body: { name: 'Renamed', lines: [{ toolId: tool.id, quantity: 5 }] },
      observe: rowsOf.list(id),
      check: async (body) => expect(body).toMatchObject({ name: 'Renamed' }),
    };
  }),
  row('DELETE /api/lists/{id}', oneList.DELETE, '401 200 404 404', async () => {
    const id = await ownerList();
    return {
      params: { id },
      observe: rowsOf.list(id),
      check: async () => expect(await rowsOf.list(id)()).toEqual([[], []]),
    };
  }),
  row('POST /api/lists/{id}/lines', listLinesRoute.POST, '401 200 404 404', async () => {
    const id = await ownerList();
    return { params: { id }, body: { toolId: tool.id, quantity: 1 }, observe: rowsOf.list(id) };
  }),
  row('POST /api/lists/{id}/cart', listToCart.POST, '401 200 404 404', async () => {
    const id = await ownerList();
    return {
      params: { id },
      body: {},
      observe: () => db().select().from(cartLinesTable).where(eq(cartLinesTable.userId, owner.id)),
    };
  }),
  row('GET /api/checkout/{id}', oneCheckout.GET, '401 200 404 200', async () => ({
    params: { id: await freshOwnerCheckout() },
  })),
  // Shipping is the shop's: the buyer reads the shipments on the checkout, never writes one.
  row('POST /api/checkout/{id}/shipments', shipmentsRoute.POST, '401 403 403 201', async () => {
    const { checkoutId, orderId } = await freshPaidOwnerCheckout();
    return {
      params: { id: checkoutId },
      body: { lines: [{ orderId, quantity: 1 }], trackingNumber: 'MATRIX-1' },
      observe: rowsOf.order(orderId),
    };
  }),
  row(
    'GET /api/checkout/{id}/shipments/{number}/packing-slip',
    shipmentSlip.GET,
    '401 403 403 200',
    async () => {
      const { checkoutId, orderId } = await freshPaidOwnerCheckout();
      const shipment = await postAs(
        admin,
        shipmentsRoute.POST,
        { lines: [{ orderId, quantity: 1 }] },
        { id: checkoutId },
      );
      expect(shipment.status).toBe(201);
      return { params: { id: checkoutId, number: shipment.body.number as string } };
    },
  ),
  row('POST /api/create-payment-intent (a checkout)', intent.POST, '401 200 404 403', async () => ({
    body: { checkoutId: await freshOwnerCheckout() },
  })),
  // Quotes: a customer's own, all for an admin; another customer's is a 404; prices and withdrawal are the shop's.
  row('GET /api/quotes', quotesRoute.GET, '401 200 200 200'),
  row('POST /api/quotes', quotesRoute.POST, '401 201 201 201', async () => ({
    body: { lines: [{ toolId: tool.id, quantity: 20_000 }], message: 'Matrix request' },
  })),
  row('GET /api/quotes/{id}', oneQuote.GET, '401 200 404 200', onQuote(false)),
  row(
    'PUT /api/quotes/{id}',
    oneQuote.PUT,
    '401 403 403 200',
    onQuote(false, () => ({
      lines: [{ toolId: tool.id, unitPrice: 0.01 }],
      leadTimeDays: 1,
      validUntil: IN_A_WEEK(),
    })),
  ),
  row(
    'POST /api/quotes/{id}/messages',
    quoteMessages.POST,
    '401 201 404 201',
    onQuote(false, () => ({ text: 'Matrix message' })),
  ),
  row(
    'POST /api/quotes/{id}/accept',
    quoteAccept.POST,
    '401 201 404 403',
    onQuote(true, () => ({ address: '1 Matrix Street', phone: '+1 555 0100' })),
  ),
  row('POST /api/quotes/{id}/decline', quoteDecline.POST, '401 200 404 403', onQuote(false)),
  row('POST /api/quotes/{id}/withdraw', quoteWithdraw.POST, '401 403 403 200', onQuote(false)),
  // Company accounts: a member's own company; everyone else's is a 404; terms are the shop's.
  row('POST /api/companies', companiesRoute.POST, '401 201 201 201', async (caller) => {
    await alone(caller);
    return {
      body: { name: `Matrix ${caller} company` },
      check: async (body) => {
        const [member] = await db()
          .select()
          .from(companyMembers)
          .where(eq(companyMembers.companyId, body.companyId as string));
        expect(member).toMatchObject({ userId: callerOf(caller)!.id, role: 'owner' });
      },
    };
  }),
  row('GET /api/company', companyRoute.GET, '401 200 404 404', async () => {
    await ownersCompany();
    return {};
  }),
  row('POST /api/company/invitations', invitationsRoute.POST, '401 201 404 404', async () => {
    const companyId = await ownersCompany();
    return {
      body: { email: `matrix-${crypto.randomUUID()}@test.dev`, role: 'buyer', spendingLimit: 100 },
      observe: () =>
        db().select().from(companyInvitations).where(eq(companyInvitations.companyId, companyId)),
    };
  }),
  row(
    'POST /api/company/invitations/accept',
    invitationAccept.POST,
    '401 200 403 403',
    async (caller) => {
      await alone('owner');
      const founder = await makeUser();
      await createCompany(actorOf(founder), { name: 'Matrix inviting company' });
      await inviteMember(
        actorOf(founder),
        { email: owner.email, role: 'buyer' },
        'http://localhost',
      );
      const [mail] = await db()
        .select({ data: mailOutbox.data })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.recipient, owner.email), eq(mailOutbox.kind, 'company_invitation')),
        )
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      const token = new URL((mail!.data as { link: string }).link).searchParams.get('token')!;
      return {
        body: { token },
        observe: () =>
          caller === 'anonymous' ? Promise.resolve([]) : memberCompany(callerOf(caller)!.id),
      };
    },
  ),
  row('PUT /api/company/members/{userId}', companyMember.PUT, '401 200 404 404', async () => {
    const userId = await memberOfOwnersCompany();
    return {
      params: { userId },
      body: { spendingLimit: 250 },
      observe: () => db().select().from(companyMembers).where(eq(companyMembers.userId, userId)),
      check: async () => expect(await memberCompany(userId)).toBeDefined(),
    };
  }),
  row('DELETE /api/company/members/{userId}', companyMember.DELETE, '401 200 404 404', async () => {
    const userId = await memberOfOwnersCompany();
    return {
      params: { userId },
      observe: () => db().select().from(companyMembers).where(eq(companyMembers.userId, userId)),
      check: async () => expect(await memberCompany(userId)).toBeUndefined(),
    };
  }),
  row('GET /api/company/addresses', companyAddressesRoute.GET, '401 200 404 404', async () => {
    await ownersCompany();
    return {};
  }),
  row('POST /api/company/addresses', companyAddressesRoute.POST, '401 201 404 404', async () => {
    const companyId = await ownersCompany();
    return {
      body: MATRIX_ADDRESS,
      observe: () =>
        db().select().from(companyAddresses).where(eq(companyAddresses.companyId, companyId)),
    };
  }),
  row('PUT /api/company/addresses', companyAddressesRoute.PUT, '401 200 404 404', async () => {
    const addressId = await addressOfOwnersCompany();
    return {
      body: { ...MATRIX_ADDRESS, city: 'Changed', addressId },
      observe: () => db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId)),
    };
  }),
  row('PUT /api/company/addresses/{id}', companyAddressRoute.PUT, '401 200 404 404', async () => {
    const addressId = await addressOfOwnersCompany();
    return {
      params: { id: addressId },
      body: { ...MATRIX_ADDRESS, city: 'Changed' },
      observe: () => db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId)),
    };
  }),
  row(
    'DELETE /api/company/addresses',
    companyAddressesRoute.DELETE,
    '401 200 404 404',
    async () => {
      const addressId = await addressOfOwnersCompany();
      return {
        body: { addressId },
        observe: () =>
          db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId)),
      };
    },
  ),
  row(
    'DELETE /api/company/addresses/{id}',
    companyAddressRoute.DELETE,
    '401 200 404 404',
    async () => {
      const addressId = await addressOfOwnersCompany();
      return {
        params: { id: addressId },
        observe: () =>
          db().select().from(companyAddresses).where(eq(companyAddresses.id, addressId)),
      };
    },
  ),
  row('PUT /api/companies/{id}/terms', companyTerms.PUT, '401 403 403 200', async () => {
    const companyId = await ownersCompany();
    return {
      params: { id: companyId },
      body: { netDays: 15, creditLimit: 2500 },
      observe: () => db().select().from(companies).where(eq(companies.id, companyId)),
      check: async () =>
        expect(await memberCompany(owner.id)).toMatchObject({
          netDays: 15,
          creditLimitCents: 250_000,
        }),
    };
  }),
  row(
    'DELETE /api/account (password too long)',
    account.DELETE,
    '401 400 400 400',
    async (caller) => ({
      body: { password: 'x'.repeat(2000) },
      ...ownAccount(caller),
    }),
  ),
];

/** How a cell's request is authenticated; `column` is the expectation that applies. */
interface Credential {
  label: string;
  column: Column;
  headers: () => Promise<Record<string, string>>;
}

const WRONG_SECRET = new TextEncoder().encode('not-the-server-secret-0123456789-abcdefghijklmnop');
const SERVER_SECRET = () => new TextEncoder().encode(process.env.AUTH_SECRET);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The admin's claims (issuer, audience, session version) as a real token carries them, at `iat`..`exp`. */
async function adminClaims(iat: number, exp: number) {
  return { ...decodeJwt(admin.token), iat, exp };
}
const now = () => Math.floor(Date.now() / 1000);
const signed = async (secret: Uint8Array, iat: number, exp: number) =>
  new SignJWT(await adminClaims(iat, exp))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secret);
const adminCookie = (secret: string) =>
  sessionCookie({ sub: admin.id, email: admin.email, role: 'admin', sv: 0 }, secret);

const CREDENTIALS: Credential[] = [
  { label: 'anonymous', column: 'anonymous', headers: async () => ({}) },
  ...(['owner', 'other', 'admin'] as const).flatMap((column): Credential[] => [
    {
      label: `${column} (cookie)`,
      column,
      headers: async () => ({ cookie: await cookieOf(people()[column]) }),
    },
    { label: `${column} (bearer)`, column, headers: async () => bearer(people()[column].token) },
  ]),
  // Forged admin credentials, each with one flaw: they name nobody.
  ...(
    [
      ['alg none', async () => new UnsecuredJWT(await adminClaims(now(), now() + 3600)).encode()],
      [
        'tampered payload',
        async () => {
          const [header, , signature] = owner.token.split('.');
          const payload = Buffer.from(JSON.stringify(await adminClaims(now(), now() + 3600)));
          return `${header}.${payload.toString('base64url')}.${signature}`;
        },
      ],
      ['wrong secret', () => signed(WRONG_SECRET, now(), now() + 3600)],
      ['expired', () => signed(SERVER_SECRET(), now() - 7200, now() - 3600)],
    ] as const
  ).map(([flaw, token]): Credential => ({
    label: `forged admin bearer (${flaw})`,
    column: 'anonymous',
    headers: async () => bearer(await token()),
  })),
  {
    label: 'forged admin session cookie (wrong secret)',
    column: 'anonymous',
    headers: async () => ({
      cookie: await adminCookie('another-secret-another-secret-another-secret'),
    }),
  },
];

beforeAll(async () => {
  admin = await makeUser('admin', 'Matrix Admin');
  owner = await makeUser('customer', 'Matrix Owner');
  other = await makeUser('customer', 'Matrix Other');
  const made = await makeTool({ priceCents: 250, quantity: 100_000, minQuantity: 1 });
  tool = { id: made.id, name: made.name, price: 2.5 };
  ownerOrderId = await freshOwnerOrder();
});

describe.each(ROWS)('$title', ({ handler, method, expect: expected, prepare }) => {
  it.each(CREDENTIALS)('$label', async ({ column, headers }) => {
    const cell = await prepare(column);
    const before = await cell.observe?.();
    const answer = await call(handler, {
      method,
      path: cell.path,
      params: cell.params,
      body: cell.body,
      headers: { ...(await headers()), ...cell.headers },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected[column]);
    if (answer.status >= 400) expect(errorBodyProblem(answer.body)).toBeNull();
    if (answer.status >= 400 && cell.observe) expect(await cell.observe()).toEqual(before);
    if (answer.status < 300) await cell.check?.(answer.body);
  });
});

describe('the forged credentials fail for their flaw alone', () => {
  it('the same claims signed with the server secret work, as token and as cookie', async () => {
    const token = await signed(SERVER_SECRET(), now(), now() + 600);
    expect((await call(usersRoute.GET, { headers: bearer(token) })).status).toBe(200);
    const cookie = await adminCookie(process.env.AUTH_SECRET!);
    expect((await call(usersRoute.GET, { headers: { cookie } })).status).toBe(200);
  });
});

describe("a removed account's credentials", () => {
  it('its session cookie and bearer token grant nothing', async () => {
    const victim = await makeUser();
    const self = { params: { key: victim.email } };
    const cookie = await cookieOf(victim);
    expect((await call(userByKey.GET, { ...self, headers: { cookie } })).status).toBe(200);
    const removal = await call(userByKey.DELETE, {
      method: 'DELETE',
      params: { key: victim.id },
      token: admin.token,
    });
    expect(removal.status).toBe(200);
    expect((await call(userByKey.GET, { ...self, headers: { cookie } })).status).toBe(401);
    expect((await call(userByKey.GET, { ...self, token: victim.token })).status).toBe(401);
    const order = await postAs(victim, orderRoute.POST, {
      toolId: tool.id,
      quantity: 1,
      address: 'x',
      phone: 'y',
    });
    expect(order.status).toBe(401);
  });
});
