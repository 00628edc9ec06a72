import { and, count, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as messagesRoute from '@/app/api/quotes/[id]/messages/route';
import * as quotesRoute from '@/app/api/quotes/route';
import { getDb } from '@/lib/db/client';
import { mailOutbox, quotes, throttleHits, users } from '@/lib/db/schema';
import {
  MAX_OPEN_QUOTES,
  MESSAGES_PER_HOUR,
  QUOTES_PER_HOUR,
  TOO_MANY_MESSAGES,
  TOO_MANY_OPEN_QUOTES,
  TOO_MANY_QUOTES,
} from '@/lib/quotes/limits';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let toolId: string;
let admins: string[];

beforeEach(async () => {
  await getDb().delete(throttleHits);
  toolId = (await makeTool({ quantity: 100, minQuantity: 1 })).id;
  await makeUser('admin');
  admins = (
    await getDb().select({ email: users.email }).from(users).where(eq(users.role, 'admin'))
  ).map((row) => row.email);
});

const ask = (user: TestUser, ip = '198.51.100.1') =>
  call<{ quoteId: string } & ErrorBody>(quotesRoute.POST, {
    method: 'POST',
    token: user.token,
    headers: { 'x-forwarded-for': ip },
    body: { lines: [{ toolId, quantity: 500 }] },
  });

const write = (user: TestUser, quoteId: string, text: string, ip = '198.51.100.2') =>
  call<ErrorBody>(messagesRoute.POST, {
    method: 'POST',
    token: user.token,
    params: { id: quoteId },
    headers: { 'x-forwarded-for': ip },
    body: { text },
  });

const quotesOf = async (user: TestUser) =>
  (await getDb().select({ n: count() }).from(quotes).where(eq(quotes.userId, user.id)))[0]!.n;

describe('quote requests are throttled', () => {
  it(`takes ${QUOTES_PER_HOUR} an hour from one account, however many arrive at once; 429 with Retry-After past it`, async () => {
    const customer = await makeUser();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => ask(customer, `198.51.100.${10 + (i % 50)}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(QUOTES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - QUOTES_PER_HOUR);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.message).toBe(TOO_MANY_QUOTES);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await quotesOf(customer)).toBe(QUOTES_PER_HOUR);
  });

  it('counts per client too: new accounts from one address share its limit', async () => {
    const ip = '203.0.113.44';
    const accounts = await Promise.all(Array.from({ length: 3 }, () => makeUser()));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(accounts[i % 3]!, ip)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(QUOTES_PER_HOUR);
  });

  it(`refuses a request while ${MAX_OPEN_QUOTES} quotes are open, and writes nothing`, async () => {
    const customer = await makeUser();
    await getDb()
      .insert(quotes)
      .values(Array.from({ length: MAX_OPEN_QUOTES }, () => ({ userId: customer.id })));
    const mailsBefore = (await getDb().select({ n: count() }).from(mailOutbox))[0]!.n;
    const refused = await ask(customer);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(TOO_MANY_OPEN_QUOTES);
    expect(await quotesOf(customer)).toBe(MAX_OPEN_QUOTES);
    expect((await getDb().select({ n: count() }).from(mailOutbox))[0]!.n).toBe(mailsBefore);
  });
});

describe('quote messages', () => {
  it(`take ${MESSAGES_PER_HOUR} an hour, and the admins get one digest of them per quote`, async () => {
    const customer = await makeUser();
    const { quoteId } = (await ask(customer)).body;
    // Five waves of 14 at once: the limit falls inside the last wave, so its messages race for the last places,
    // while no request waits for a pooled connection longer than the pool allows on a loaded machine.
    const answers = [];
    for (let wave = 0; wave < 5; wave++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 14 }, (_, i) =>
            write(customer, quoteId, `message ${wave * 14 + i}`),
          ),
        )),
      );
    }
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MESSAGES_PER_HOUR);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error.message).toBe(TOO_MANY_MESSAGES);
    const digests = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_message'), inArray(mailOutbox.recipient, admins)));
    // One mail per admin, held for a few minutes, carrying every message that arrived meanwhile.
    expect(digests).toHaveLength(admins.length);
    for (const digest of digests) {
      expect(digest.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect(String(digest.data.text).split('\n\n')).toHaveLength(MESSAGES_PER_HOUR);
    }
  });

  it('start a new digest once the last one went out', async () => {
    const customer = await makeUser();
    const { quoteId } = (await ask(customer)).body;
    expect((await write(customer, quoteId, 'first')).status).toBe(201);
    await getDb()
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(mailOutbox.kind, 'quote_message'));
    expect((await write(customer, quoteId, 'second')).status).toBe(201);
    const waiting = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_message'), eq(mailOutbox.status, 'pending')));
    expect(waiting.map((mail) => mail.data.text)).toEqual(admins.map(() => 'second'));
  });
});
