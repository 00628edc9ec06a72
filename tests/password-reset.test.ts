import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as changeRoute from '@/app/api/password/change/route';
import * as forgotRoute from '@/app/api/password/forgot/route';
import * as resetRoute from '@/app/api/password/reset/route';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { mailRequests, oneTimeTokens, users } from '@/lib/db/schema';
import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { resetLinkState } from '@/lib/users/password-reset';
import { INVALID_LINK } from '@/lib/validation/auth';
import { call, makeUser, type ErrorBody, type TestUser } from './helpers';
import { linkIn, setUpTestMail } from './smtp';

const ORIGIN = 'https://shop.example';
const testMail = setUpTestMail({ origin: ORIGIN });

async function customerWithPassword(password = 'old-secret'): Promise<TestUser> {
  const user = await makeUser('customer', 'Rita Reset');
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, user.id));
  return user;
}

const forgot = (email: string, ip = '203.0.113.7') =>
  call<{ message: string } & ErrorBody>(forgotRoute.POST, {
    method: 'POST',
    body: { email },
    headers: { 'x-forwarded-for': ip },
  });
const reset = (token: string | undefined, password = 'brand-new-secret') =>
  call<{ email: string } & ErrorBody>(resetRoute.POST, {
    method: 'POST',
    body: { token, password },
  });

/** Delivers the outbox and reads the reset token from the link in the one mail to this address. */
async function mailedToken(email: string): Promise<string> {
  await testMail.worker.drain();
  const mails = testMail.smtp.messages.filter(
    (mail) => mail.to && 'text' in mail.to && mail.to.text === email,
  );
  const link = new URL(linkIn(mails.at(-1)!, `${ORIGIN}/reset-password?token=`));
  return link.searchParams.get('token')!;
}

const userRow = async (id: string) =>
  (await getDb().select().from(users).where(eq(users.id, id)))[0]!;

describe('forgot password', () => {
  it('mails a link to the account and answers the same for an unknown email', async () => {
    const user = await customerWithPassword();
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@test.dev');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: 'If an account exists for that email, we sent a link' });
    expect(unknown.body).toEqual(known.body);
    await testMail.worker.drain();
    expect(testMail.smtp.messages).toHaveLength(1);
    const [mail] = testMail.smtp.messages;
    expect(mail!.to).toMatchObject({ text: user.email });
    expect(mail!.subject).toBe('Reset your Toolhaus password');
    expect(mail!.text).toContain('Hello Rita Reset');
    expect(linkIn(mail!, `${ORIGIN}/reset-password?token=`)).toMatch(/token=[A-Za-z0-9_-]{43}$/);
    // Only a hash is stored.
    const [stored] = await getDb()
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id));
    expect(stored!.tokenHash).not.toBe(await mailedToken(user.email));
  });

  it('takes the same time for known and unknown emails (no account enumeration by timing)', async () => {
    const user = await customerWithPassword();
    const timings = { known: [] as number[], unknown: [] as number[] };
    const rounds = 12;
    for (let round = -2; round < rounds; round++) {
      const pair = [
        ['known', user.email],
        ['unknown', `ghost-${round}@test.dev`],
      ] as const;
      // Alternating who goes first keeps warm-up out of the comparison.
      for (const [kind, email] of round % 2 ? [...pair].reverse() : pair) {
        await getDb().delete(mailRequests);
        const started = performance.now();
        expect((await forgot(email)).status).toBe(202);
        // The first rounds only warm up.
        if (round >= 0) timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const difference = Math.abs(median(timings.known) - median(timings.unknown));
    console.info(
      `forgot password medians: known ${median(timings.known).toFixed(1)} ms, unknown ${median(timings.unknown).toFixed(1)} ms`,
    );
    // Same class: the same work either way, so only the machine's noise tells them apart.
    expect(difference).toBeLessThan(
      Math.max(25, 0.5 * Math.max(median(timings.known), median(timings.unknown))),
    );
  });

  it('throttles per email and per address, for unknown emails too', async () => {
    for (let n = 0; n < 5; n++)
      expect((await forgot('someone@test.dev', `198.51.100.${n}`)).status).toBe(202);
    const perEmail = await forgot('someone@test.dev', '198.51.100.99');
    expect(perEmail.status).toBe(429);
    expect(perEmail.body.error.message).toBe('Too many requests. Try again in 15 minutes.');
    await getDb().delete(mailRequests);
    for (let n = 0; n < 20; n++)
      expect((await forgot(`spray-${n}@test.dev`, '192.0.2.1')).status).toBe(202);
    expect((await forgot('spray-last@test.dev', '192.0.2.1')).status).toBe(429);
    expect((await forgot('spray-last@test.dev', '192.0.2.2')).status).toBe(202);
  });

  it('refuses a bad email with the login form’s message and writes nothing', async () => {
    const { status, body } = await forgot('not-an-email');
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ email: 'Provide a valid Email' });
    expect(await getDb().select().from(mailRequests)).toHaveLength(0);
  });

  it('says mail is unavailable in server mode without SMTP_URL instead of pretending', async () => {
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('DATABASE_URL', process.env.DATABASE_URL || 'postgres://127.0.0.1:1/none');
    try {
      const { status, body } = await forgot('someone@test.dev');
      expect(status).toBe(503);
      expect(body.error.message).toMatch(/can not send mail/);
    } finally {
      vi.stubEnv('SMTP_URL', testMail.smtp.url);
      vi.stubEnv('DATABASE_URL', process.env.DATABASE_URL ?? '');
    }
  });
});

describe('reset password', () => {
  it('sets the new password once, ends every session and mails a notice', async () => {
    const user = await customerWithPassword('old-secret');
    await forgot(user.email);
    const token = await mailedToken(user.email);
    const versionBefore = (await userRow(user.id)).sessionVersion;
    const { status, body } = await reset(token, 'brand-new-secret');
    expect(status).toBe(200);
    expect(body).toEqual({ email: user.email });
    const after = await userRow(user.id);
    expect(await verifyPassword(after.passwordHash, 'brand-new-secret')).toBe(true);
    expect(await verifyPassword(after.passwordHash, 'old-secret')).toBe(false);
    expect(after.sessionVersion).toBe(versionBefore + 1);
    const again = await reset(token, 'another-secret');
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ token: INVALID_LINK });
    await testMail.worker.drain();
    expect(testMail.smtp.messages.at(-1)!.subject).toBe('Your Toolhaus password was changed');
  });

  it(`refuses a disabled account's link with "${ACCOUNT_DISABLED}", on the API and the page, and keeps it`, async () => {
    const user = await customerWithPassword('old-secret');
    await forgot(user.email);
    const token = await mailedToken(user.email);
    await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const before = await userRow(user.id);
    expect(await resetLinkState(token)).toBe('disabled');
    const refused = await reset(token, 'brand-new-secret');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ACCOUNT_DISABLED);
    const after = await userRow(user.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    // Enabled again, the same link still works.
    await getDb().update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
    expect(await resetLinkState(token)).toBe('valid');
    expect((await reset(token, 'brand-new-secret')).status).toBe(200);
    expect(await resetLinkState(token)).toBe('invalid');
  });

  it('refuses an expired link', async () => {
    const user = await customerWithPassword();
    await forgot(user.email);
    const token = await mailedToken(user.email);
    await getDb()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    expect((await reset(token)).body.error.message).toBe(INVALID_LINK);
  });

  it('lives 30 minutes', async () => {
    const user = await customerWithPassword();
    const asked = Date.now();
    await forgot(user.email);
    const [stored] = await getDb()
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id));
    expect(stored!.expiresAt.getTime() - asked).toBeGreaterThan(29 * 60_000);
    expect(stored!.expiresAt.getTime() - asked).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('voids a link once a newer one is asked for', async () => {
    const user = await customerWithPassword();
    await forgot(user.email);
    const older = await mailedToken(user.email);
    await forgot(user.email);
    const newer = await mailedToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older)).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
  });

  it('voids a link once the password changes', async () => {
    const user = await customerWithPassword('old-secret');
    await forgot(user.email);
    const token = await mailedToken(user.email);
    const changed = await call(changeRoute.POST, {
      method: 'POST',
      token: user.token,
      body: { currentPassword: 'old-secret', newPassword: 'changed-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await reset(token)).status).toBe(400);
  });

  it('refuses a made-up token and a short password with the validation message', async () => {
    expect((await reset('x'.repeat(43))).body.error.message).toBe(INVALID_LINK);
    expect((await reset(undefined)).status).toBe(400);
    const user = await customerWithPassword();
    await forgot(user.email);
    const short = await reset(await mailedToken(user.email), '123');
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ password: 'Must be 6 characters or longer' });
  });
});

describe('change password', () => {
  const change = (user: TestUser | undefined, body: unknown) =>
    call<ErrorBody & { acknowledged: boolean }>(changeRoute.POST, {
      method: 'POST',
      token: user?.token,
      body,
    });

  it('needs the current password, then ends every session and mails a notice', async () => {
    const user = await customerWithPassword('old-secret');
    const before = (await userRow(user.id)).sessionVersion;
    const wrong = await change(user, {
      currentPassword: 'guess-guess',
      newPassword: 'changed-secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      currentPassword: 'The current password is not right',
    });
    const ok = await change(user, { currentPassword: 'old-secret', newPassword: 'changed-secret' });
    expect(ok.status).toBe(200);
    const after = await userRow(user.id);
    expect(await verifyPassword(after.passwordHash, 'changed-secret')).toBe(true);
    expect(after.sessionVersion).toBe(before + 1);
    await testMail.worker.drain();
    expect(testMail.smtp.messages.map((mail) => mail.subject)).toEqual([
      'Your Toolhaus password was changed',
    ]);
  });

  it('is for signed-in users only, and says what a Google-only account should do', async () => {
    expect((await change(undefined, {})).status).toBe(401);
    const google = await makeUser('customer');
    const refused = await change(google, {
      currentPassword: 'anything',
      newPassword: 'changed-secret',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/signs in with Google/);
    const user = await customerWithPassword();
    const short = await change(user, { currentPassword: 'old-secret', newPassword: '12' });
    expect(short.body.error.fields).toEqual({ newPassword: 'Must be 6 characters or longer' });
  });
});
