import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as acceptRoute from '@/app/api/quotes/[id]/accept/route';
import * as declineRoute from '@/app/api/quotes/[id]/decline/route';
import * as messagesRoute from '@/app/api/quotes/[id]/messages/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as withdrawRoute from '@/app/api/quotes/[id]/withdraw/route';
import * as quotesRoute from '@/app/api/quotes/route';
import { getDb } from '@/lib/db/client';
import {
  throttleHits,
  auditLog,
  invoices,
  mailOutbox,
  orders,
  quotes,
  tools,
  users,
} from '@/lib/db/schema';
import { renderMail } from '@/lib/mail/render';
import { expireQuotes } from '@/lib/quotes/expiry';
import type { QuoteDto, QuoteStatus } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { termsForUser } from './companies-fixtures';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let stocked: Awaited<ReturnType<typeof makeTool>>;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Quoter');
  bob = await makeUser('customer');
  await getDb()
    .update(users)
    .set({ address: '1 Quote Street', phone: '+1 555 0111' })
    .where(sql`id = ${alice.id}`);
  stocked = await makeTool({ priceCents: 1000, quantity: 100_000, minQuantity: 10 });
});

// These tests ask for more quotes than an hour allows one account: each starts a new hour (tests/quote-throttle.test.ts).
beforeEach(async () => {
  await getDb().delete(throttleHits);
});

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

type Answer = QuoteDto & ErrorBody & { quoteId: string; checkoutId: string; orderIds: string[] };
const post = (handler: unknown, user: TestUser, id: string, body: unknown = {}, key?: string) =>
  call<Answer>(handler, {
    method: 'POST',
    params: { id },
    body,
    token: user.token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const ask = (user: TestUser, body: unknown, key?: string) =>
  call<Answer>(quotesRoute.POST, {
    method: 'POST',
    body,
    token: user.token,
    headers: key ? { 'Idempotency-Key': key } : {},
  });
const read = (user: TestUser, id: string) =>
  call<Answer>(oneQuote.GET, { params: { id }, token: user.token });
const answer = (user: TestUser, id: string, unitPrice = 7.5, toolId = stocked.id) =>
  call<Answer>(oneQuote.PUT, {
    method: 'PUT',
    params: { id },
    body: { lines: [{ toolId, unitPrice }], leadTimeDays: 21, validUntil: IN_A_WEEK },
    token: user.token,
  });
const accept = (id: string, body: unknown = { poNumber: 'PO-77' }) =>
  post(acceptRoute.POST, alice, id, body);

async function requested(quantity = 20_000, toolId = stocked.id): Promise<string> {
  const made = await ask(alice, { lines: [{ toolId, quantity }], message: 'Need these by spring' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.quoteId;
}

const pastValidity = (id: string) =>
  getDb()
    .update(quotes)
    .set({ validUntil: new Date(Date.now() - 1000) })
    .where(eq(quotes.id, id));

/** A quote of Alice's in each state, reached through the API (expiry: through the job). */
const REACH: Record<QuoteStatus, () => Promise<string>> = {
  requested: () => requested(),
  answered: async () => {
    const id = await requested();
    expect((await answer(admin, id)).status).toBe(200);
    return id;
  },
  accepted: async () => {
    const id = await REACH.answered();
    expect((await accept(id)).status).toBe(201);
    return id;
  },
  declined: async () => {
    const id = await requested();
    expect((await post(declineRoute.POST, alice, id)).status).toBe(200);
    return id;
  },
  withdrawn: async () => {
    const id = await requested();
    expect((await post(withdrawRoute.POST, admin, id)).status).toBe(200);
    return id;
  },
  expired: async () => {
    const id = await REACH.answered();
    await pastValidity(id);
    await expireQuotes();
    return id;
  },
};

const MOVES = {
  answer: { to: 'answered', actor: 'admin', run: (id: string) => answer(admin, id) },
  accept: { to: 'accepted', actor: 'customer', run: (id: string) => accept(id) },
  decline: {
    to: 'declined',
    actor: 'customer',
    run: (id: string) => post(declineRoute.POST, alice, id),
  },
  withdraw: {
    to: 'withdrawn',
    actor: 'admin',
    run: (id: string) => post(withdrawRoute.POST, admin, id),
  },
} as const;

// From each state, what each move answers: the state machine of docs/PRODUCT.md (Quotes).
const TABLE: [QuoteStatus, keyof typeof MOVES, number][] = [
  ['requested', 'answer', 200],
  ['requested', 'accept', 409],
  ['requested', 'decline', 200],
  ['requested', 'withdraw', 200],
  ['answered', 'answer', 409],
  ['answered', 'accept', 201],
  ['answered', 'decline', 200],
  ['answered', 'withdraw', 200],
  ...(['accepted', 'declined', 'withdrawn', 'expired'] as const).flatMap((from) =>
    (['answer', 'accept', 'decline', 'withdraw'] as const).map(
      (move): [QuoteStatus, keyof typeof MOVES, number] => [from, move, 409],
    ),
  ),
];

describe('the state machine', () => {
  it.each(TABLE)('%s → %s answers %i', async (from, move, expected) => {
    const id = await REACH[from]();
    const before = await read(alice, id);
    const answered = await MOVES[move].run(id);
    expect(answered.status, JSON.stringify(answered.body)).toBe(expected);
    const after = (await read(alice, id)).body;
    if (expected >= 400) {
      expect(answered.body.error.message).toMatch(/quote/i);
      expect(after.status).toBe(from);
      expect(after.events).toEqual(before.body.events);
      return;
    }
    expect(after.status).toBe(MOVES[move].to);
    expect(after.events.at(-1)).toMatchObject({ status: MOVES[move].to, actor: MOVES[move].actor });
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.target, `quote Q-${after.number}`), eq(auditLog.action, `quote.${move}`)),
      );
    expect(audited).toHaveLength(MOVES[move].actor === 'admin' ? 1 : 0);
  });

  it('an expired quote says why it can no longer be accepted, and the customer was mailed', async () => {
    const id = await REACH.expired();
    const quote = (await read(alice, id)).body;
    expect(quote.closedReason).toMatch(/expired: it was valid until/);
    expect((await accept(id)).body.error.message).toMatch(/expired/);
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_expired'), eq(mailOutbox.recipient, alice.email)));
    expect(mails.some((mail) => (mail.data as { number: number }).number === quote.number)).toBe(
      true,
    );
  });
});

describe('validity', () => {
  it('a day reads back as given; an instant holds to the millisecond, then the job expires it', async () => {
    expect((await read(alice, await REACH.answered())).body.validUntil).toBe(IN_A_WEEK);
    const id = await requested();
    const soon = new Date(Date.now() + 1500).toISOString();
    const answered = await call<Answer>(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: { lines: [{ toolId: stocked.id, unitPrice: 5 }], leadTimeDays: 3, validUntil: soon },
      token: admin.token,
    });
    expect(answered.status).toBe(200);
    expect((await read(alice, id)).body.validUntil).toBe(soon);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await accept(id)).body.error.message).toMatch(/^This quote expired/);
    expect(await expireQuotes()).toBeGreaterThanOrEqual(1);
    expect((await read(alice, id)).body.status).toBe('expired');
  });
});

describe('races', () => {
  it('two accepts of one quote: exactly one wins, the other is 409 with the reason', async () => {
    const id = await REACH.answered();
    const answers = await Promise.all([accept(id), accept(id), accept(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
      'This quote was already accepted',
    );
    const placed = await getDb().select().from(orders).where(eq(orders.userId, alice.id));
    const winner = answers.find((a) => a.status === 201)!.body;
    expect(placed.filter((order) => order.checkoutId === winner.checkoutId)).toHaveLength(1);
  });

  it('an accept racing the expiry job of a lapsed quote: the job expires it once, the accept is refused', async () => {
    const id = await REACH.answered();
    await pastValidity(id);
    const [accepted, expiredA, expiredB] = await Promise.all([
      accept(id),
      expireQuotes(),
      expireQuotes(),
    ]);
    expect(accepted.status).toBe(409);
    expect(accepted.body.error.message).toMatch(/expired/);
    expect(expiredA + expiredB).toBeGreaterThanOrEqual(1);
    const quote = (await read(alice, id)).body;
    expect(quote.status).toBe('expired');
    expect(quote.events.filter((event) => event.status === 'expired')).toHaveLength(1);
  });

  it('a double-submitted Accept (one Idempotency-Key) answers the one checkout twice', async () => {
    const id = await REACH.answered();
    const key = crypto.randomUUID();
    const body = { poNumber: 'PO-TWICE' };
    const [first, second] = await Promise.all([
      post(acceptRoute.POST, alice, id, body, key),
      post(acceptRoute.POST, alice, id, body, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.checkoutId).toBe(first.body.checkoutId);
  });

  it('a double POST /api/quotes with one Idempotency-Key makes one quote', async () => {
    const key = crypto.randomUUID();
    const body = { lines: [{ toolId: stocked.id, quantity: 500 }], message: 'once' };
    const [first, second] = await Promise.all([ask(bob, body, key), ask(bob, body, key)]);
    const third = await ask(bob, body, key);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(new Set([first.body.quoteId, second.body.quoteId, third.body.quoteId]).size).toBe(1);
    const mine = await call<Answer[]>(quotesRoute.GET, { token: bob.token });
    expect(mine.body.filter((quote) => quote.quoteId === first.body.quoteId)).toHaveLength(1);
    expect(mine.body.filter((quote) => quote.pieces === 500)).toHaveLength(1);
  });
});

describe('who sees and decides what', () => {
  it("another customer's quote is 404 to read, write on, accept or decline", async () => {
    const id = await REACH.answered();
    expect((await read(bob, id)).status).toBe(404);
    expect((await post(messagesRoute.POST, bob, id, { text: 'hi' })).status).toBe(404);
    expect((await post(acceptRoute.POST, bob, id)).status).toBe(404);
    expect((await post(declineRoute.POST, bob, id)).status).toBe(404);
    expect((await read(alice, id)).body.status).toBe('answered');
  });

  it('a customer can not set prices (403) nor withdraw; lists are their own, an admin filters all', async () => {
    const id = await requested();
    expect((await answer(alice, id, 0.01)).status).toBe(403);
    expect((await post(withdrawRoute.POST, alice, id)).status).toBe(403);
    expect((await read(alice, id)).body.lines[0]!.unitPrice).toBeUndefined();
    const own = await call<Answer[]>(quotesRoute.GET, { token: bob.token });
    expect(own.body.some((quote) => quote.quoteId === id)).toBe(false);
    const filtered = await call<Answer[]>(quotesRoute.GET, {
      path: `/api/quotes?status=requested&customer=${encodeURIComponent('Alice Q')}`,
      token: admin.token,
    });
    expect(filtered.body.length).toBeGreaterThan(0);
    expect(
      filtered.body.every((q) => q.status === 'requested' && q.customer.email === alice.email),
    ).toBe(true);
  });

  it.each([
    ['no lines', { lines: [], message: '' }, 'Add at least one line'],
    ['a zero quantity', { lines: [{ toolId: 'T', quantity: 0 }] }, 'Quantity must be at least 1'],
    [
      'a message over 2,000 characters',
      { lines: 'L', message: 'x'.repeat(2001) },
      'A message can be at most 2000 characters',
    ],
    ['a tool twice', { lines: 'LL' }, 'List each tool once'],
  ])('a request with %s is 400 with the reason', async (_name, body, message) => {
    const line = { toolId: stocked.id, quantity: 5 };
    const lines =
      body.lines === 'L' ? [line] : body.lines === 'LL' ? [line, line] : (body.lines as unknown[]);
    const fixed = (lines as { toolId: string }[]).map((l) => ({ ...l, toolId: stocked.id }));
    const answered = await ask(alice, { ...body, lines: fixed });
    expect(answered.status).toBe(400);
    expect(answered.body.error.message).toBe(message);
  });

  it('an answer must price every line of the quote, on a valid date', async () => {
    const id = await requested();
    const other = await makeTool();
    expect((await answer(admin, id, 5, other.id)).body.error.message).toMatch(/Price every line/);
    const past = await call<Answer>(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [{ toolId: stocked.id, unitPrice: 5 }],
        leadTimeDays: 3,
        validUntil: YESTERDAY,
      },
      token: admin.token,
    });
    expect(past.body.error.message).toBe('Valid until must be in the future');
    expect((await read(alice, id)).body.status).toBe('requested');
  });
});

describe('accepting', () => {
  it('becomes a checkout at the quoted prices with the PO number; pieces beyond stock are back-ordered', async () => {
    const scarce = await makeTool({ priceCents: 2000, quantity: 50, minQuantity: 10 });
    const plenty = await makeTool({ priceCents: 1000, quantity: 5000, minQuantity: 10 });
    const made = await ask(alice, {
      lines: [
        { toolId: scarce.id, quantity: 80 },
        { toolId: plenty.id, quantity: 1000 },
      ],
      message: '',
    });
    const id = made.body.quoteId;
    const priced = await call<Answer>(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [
          { toolId: scarce.id, unitPrice: 12.34 },
          { toolId: plenty.id, unitPrice: 4.05 },
        ],
        leadTimeDays: 30,
        validUntil: IN_A_WEEK,
      },
      token: admin.token,
    });
    expect(priced.status).toBe(200);
    const placed = await accept(id, { poNumber: 'PO-2026-9' });
    expect(placed.status).toBe(201);
    expect(placed.body.orderIds).toHaveLength(2);
    const lines = await getDb()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, placed.body.checkoutId));
    const byTool = Object.fromEntries(lines.map((line) => [line.toolId, line]));
    expect(byTool[scarce.id]).toMatchObject({
      unitPriceCents: 1234,
      quantity: 80,
      totalCents: 98_720,
      backOrdered: 30,
      poNumber: 'PO-2026-9',
    });
    expect(byTool[plenty.id]).toMatchObject({
      unitPriceCents: 405,
      quantity: 1000,
      totalCents: 405_000,
      backOrdered: 0,
    });
    const stockOf = async (toolId: string) =>
      (await getDb().select().from(tools).where(eq(tools.id, toolId)))[0]!.quantity;
    expect(await stockOf(scarce.id)).toBe(0);
    const seen = (await read(admin, id)).body;
    expect(seen).toMatchObject({
      status: 'accepted',
      checkoutId: placed.body.checkoutId,
      total: 5037.2,
    });
    expect(seen.lines.find((line) => line.toolId === scarce.id)).toMatchObject({
      backOrdered: 30,
      stock: 0,
    });
    // Cancelling puts back only what was taken from stock.
    const cancelled = await call(orderByKey.DELETE, {
      method: 'DELETE',
      params: { key: byTool[scarce.id]!.id },
      token: alice.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(scarce.id)).toBe(50);
    expect((await read(alice, id)).body.status).toBe('accepted');
  });

  it('on net terms, an accepted quote is invoiced at once; without terms it is refused', async () => {
    const id = await REACH.answered();
    const refused = await accept(id, { paymentMethod: 'invoice' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await read(alice, id)).body.status).toBe('answered');
    await termsForUser(alice.id, 30, 1_000_000_000);
    const placed = await accept(id, { paymentMethod: 'invoice' });
    expect(placed.status).toBe(201);
    const [invoice] = await getDb()
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, placed.body.checkoutId));
    expect(invoice).toMatchObject({ method: 'invoice' });
  });
});

describe('the thread', () => {
  const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';

  it('messages stay plain text in the answer and in the mail to the other side', async () => {
    const id = await requested();
    const fromAlice = await post(messagesRoute.POST, alice, id, { text: XSS });
    expect(fromAlice.status).toBe(201);
    const fromAdmin = await post(messagesRoute.POST, admin, id, { text: 'Sure, see the answer.' });
    expect(fromAdmin.status).toBe(201);
    const thread = (await read(alice, id)).body.messages;
    expect(thread.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'Need these by spring'],
      ['customer', XSS],
      ['admin', 'Sure, see the answer.'],
    ]);
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'quote_message'));
    const toAdmin = mails.find(
      (m) => m.recipient === admin.email && (m.data as { text: string }).text === XSS,
    )!;
    const rendered = await renderMail(toAdmin.kind, toAdmin.data);
    expect(rendered.html).not.toMatch(/<script|<img src=x/);
    expect(rendered.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered.text).toContain('<script>alert(1)</script>');
    expect(mails.some((m) => m.recipient === alice.email)).toBe(true);
  });

  it('an empty message is 400, and the answer mails the customer', async () => {
    const id = await REACH.answered();
    const empty = await post(messagesRoute.POST, alice, id, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Write a message');
    const [mail] = await getDb()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'quote_answered'),
          sql`${mailOutbox.data}->>'link' LIKE ${`%${id}`}`,
        ),
      );
    expect(mail!.recipient).toBe(alice.email);
    expect(mail!.data).toMatchObject({ totalCents: 20_000 * 750, leadTimeDays: 21 });
  });
});
