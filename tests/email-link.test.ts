import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as emailLinkRoute from '@/app/api/email-link/route';
import * as forgotRoute from '@/app/api/password/forgot/route';
import { AccountDisabledError } from '@/lib/auth/credentials';
import {
  authorizeEmailLink,
  InvalidEmailLinkError,
  NameRequiredError,
} from '@/lib/auth/email-link-sign-in';
import { getDb } from '@/lib/db/client';
import { mailRequests, users, verificationTokens } from '@/lib/db/schema';
import { describeEmailLink, emailLinkAnswer } from '@/lib/users/email-link';
import { MAX_PER_EMAIL } from '@/lib/users/mail-requests';
import { call, makeUser, type ErrorBody } from './helpers';
import { linkIn, setUpTestMail } from './smtp';

const ORIGIN = 'https://shop.example';
const testMail = setUpTestMail({ origin: ORIGIN });

const ask = (email: string, options: { ip?: string; from?: string; host?: string } = {}) =>
  call<{ message: string } & ErrorBody>(emailLinkRoute.POST, {
    method: 'POST',
    body: { email, ...(options.from && { from: options.from }) },
    headers: {
      'x-forwarded-for': options.ip ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
      ...(options.host && { host: options.host, 'x-forwarded-host': options.host }),
    },
  });

/** Delivers the outbox and answers the latest mail to this address and its link. */
async function mailTo(email: string) {
  await testMail.worker.drain();
  const mail = testMail.smtp.messages
    .filter((message) => message.to && 'text' in message.to && message.to.text === email)
    .at(-1)!;
  const link = new URL(linkIn(mail, `${ORIGIN}/email-link/sign-in?token=`));
  return { mail, link, token: link.searchParams.get('token')! };
}

const userByEmail = async (email: string) =>
  (await getDb().select().from(users).where(eq(users.email, email)))[0];

describe('asking for a sign-in link', () => {
  it('gives known and unknown addresses the same answer and each a mail from the configured origin', async () => {
    const user = await makeUser('customer', 'Lena Link');
    const unknown = `new-${randomUUID().slice(0, 8)}@test.dev`;
    // A Host header of the caller's choosing never reaches the link.
    const known = await ask(user.email.toUpperCase(), { host: 'evil.example' });
    const fresh = await ask(unknown, { host: 'evil.example' });
    expect([known.status, fresh.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ message: emailLinkAnswer(user.email) });
    expect(fresh.body).toEqual({ message: emailLinkAnswer(unknown) });

    const toKnown = await mailTo(user.email);
    expect(toKnown.mail.subject).toBe('Sign in to Toolhaus');
    expect(toKnown.mail.text).toContain('Hello Lena Link');
    expect(toKnown.link.origin).toBe(ORIGIN);
    const toNew = await mailTo(unknown);
    expect(toNew.mail.subject).toBe('Open your Toolhaus account');
    expect(toNew.link.origin).toBe(ORIGIN);
    // No account is opened by asking, and only the token's hash is kept.
    expect(await userByEmail(unknown)).toBeUndefined();
    const stored = await getDb()
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, unknown));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token).not.toBe(toNew.token);
  });

  it('takes the same time for known and unknown addresses (no enumeration by timing)', async () => {
    const user = await makeUser('customer');
    const timings = { known: [] as number[], unknown: [] as number[] };
    const rounds = 12;
    for (let round = -2; round < rounds; round++) {
      const pair = [
        ['known', user.email],
        ['unknown', `ghost-link-${round}-${randomUUID().slice(0, 6)}@test.dev`],
      ] as const;
      // Alternating who goes first keeps warm-up out of the comparison.
      for (const [kind, email] of round % 2 ? [...pair].reverse() : pair) {
        await getDb().delete(mailRequests);
        const started = performance.now();
        expect((await ask(email)).status).toBe(202);
        // The first rounds only warm up.
        if (round >= 0) timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const known = median(timings.known);
    const unknown = median(timings.unknown);
    console.info(
      `email link medians: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`,
    );
    // The same statement either way, so only the machine's noise tells them apart.
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(25, 0.5 * Math.max(known, unknown)));
  });

  it('keeps a safe return path in the link and drops another site', async () => {
    const email = `from-${randomUUID().slice(0, 8)}@test.dev`;
    await ask(email, { from: '/dashboard/myorder' });
    expect((await mailTo(email)).link.searchParams.get('from')).toBe('/dashboard/myorder');
    await getDb().delete(mailRequests);
    await ask(email, { from: '//evil.example/x' });
    expect((await mailTo(email)).link.searchParams.has('from')).toBe(false);
  });

  it('refuses a bad address with the login form’s message and writes nothing', async () => {
    const before = (await getDb().select().from(verificationTokens)).length;
    const bad = await ask('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: 'Provide a valid Email' });
    const body = await call<ErrorBody>(emailLinkRoute.POST, { method: 'POST', body: {} });
    expect(body.body.error.fields).toEqual({ email: 'Email is Required' });
    expect(await getDb().select().from(verificationTokens)).toHaveLength(before);
  });

  it('is throttled with forgot password: 5 an address, for unknown addresses too', async () => {
    const email = `flood-${randomUUID().slice(0, 8)}@test.dev`;
    for (let i = 0; i < MAX_PER_EMAIL - 1; i++) expect((await ask(email)).status).toBe(202);
    // Forgot password counts toward the same limit.
    const forgot = await call(forgotRoute.POST, {
      method: 'POST',
      body: { email },
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(forgot.status).toBe(202);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many requests. Try again in 15 minutes.');
  });

  it('says mail is unavailable in server mode without SMTP_URL', async () => {
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('DATABASE_URL', process.env.DATABASE_URL || 'postgres://127.0.0.1:1/none');
    try {
      const { status, body } = await ask('someone@test.dev');
      expect(status).toBe(503);
      expect(body.error.message).toMatch(/can not send mail/);
    } finally {
      vi.stubEnv('SMTP_URL', testMail.smtp.url);
      vi.stubEnv('DATABASE_URL', process.env.DATABASE_URL ?? '');
    }
  });
});

describe('opening a sign-in link', () => {
  it('signs in once: a second use is refused', async () => {
    const user = await makeUser('customer');
    await ask(user.email);
    const { token } = await mailTo(user.email);
    expect(await describeEmailLink(token)).toEqual({
      email: user.email,
      newAccount: false,
      provesAddress: true,
    });
    expect(await authorizeEmailLink({ token })).toMatchObject({ id: user.id, email: user.email });
    expect(await describeEmailLink(token)).toBeNull();
    await expect(authorizeEmailLink({ token })).rejects.toBeInstanceOf(InvalidEmailLinkError);
    // The mail reached the address: it counts as verified.
    expect((await userByEmail(user.email))?.emailVerified).toBeInstanceOf(Date);
  });

  it('is used exactly once when opened twice at the same moment', async () => {
    const user = await makeUser('customer');
    await ask(user.email);
    const { token } = await mailTo(user.email);
    const results = await Promise.allSettled([
      authorizeEmailLink({ token }),
      authorizeEmailLink({ token }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });

  it('expires after 15 minutes', async () => {
    const user = await makeUser('customer');
    await ask(user.email);
    const { token } = await mailTo(user.email);
    const [row] = await getDb()
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, user.email));
    // Issued for 15 minutes from now, give or take the test's own time.
    expect(row!.expires.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(row!.expires.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await getDb()
      .update(verificationTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.identifier, user.email));
    expect(await describeEmailLink(token)).toBeNull();
    await expect(authorizeEmailLink({ token })).rejects.toBeInstanceOf(InvalidEmailLinkError);
  });

  it('stops working once a newer link is asked for', async () => {
    const user = await makeUser('customer');
    await ask(user.email);
    const first = (await mailTo(user.email)).token;
    await ask(user.email);
    const second = (await mailTo(user.email)).token;
    await expect(authorizeEmailLink({ token: first })).rejects.toBeInstanceOf(
      InvalidEmailLinkError,
    );
    expect(await authorizeEmailLink({ token: second })).toMatchObject({ id: user.id });
  });

  it('refuses a made-up or malformed token', async () => {
    await expect(authorizeEmailLink({ token: 'x'.repeat(43) })).rejects.toBeInstanceOf(
      InvalidEmailLinkError,
    );
    await expect(authorizeEmailLink({ token: '../etc' })).rejects.toBeInstanceOf(
      InvalidEmailLinkError,
    );
  });

  it('opens a new account only with a name, and keeps the link until then', async () => {
    const email = `open-${randomUUID().slice(0, 8)}@test.dev`;
    await ask(email);
    const { token } = await mailTo(email);
    expect(await describeEmailLink(token)).toEqual({
      email,
      newAccount: true,
      provesAddress: false,
    });
    await expect(authorizeEmailLink({ token })).rejects.toBeInstanceOf(NameRequiredError);
    await expect(authorizeEmailLink({ token, name: '   ' })).rejects.toBeInstanceOf(
      NameRequiredError,
    );
    expect(await userByEmail(email)).toBeUndefined();
    const signedIn = await authorizeEmailLink({ token, name: ' Nora New ' });
    const created = await userByEmail(email);
    expect(created).toMatchObject({ id: signedIn.id, name: 'Nora New', role: 'customer' });
    expect(created?.passwordHash).toBeNull();
    expect(created?.emailVerified).toBeInstanceOf(Date);
  });

  it('tells a disabled account so', async () => {
    const user = await makeUser('customer');
    await ask(user.email);
    const { token } = await mailTo(user.email);
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await expect(authorizeEmailLink({ token })).rejects.toBeInstanceOf(AccountDisabledError);
  });
});
