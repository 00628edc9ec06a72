import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as emailLinkRoute from '@/app/api/email-link/route';
import * as userByKey from '@/app/api/user/[key]/route';
import { credentialsErrorMessage, LOCKED_SIGN_IN } from '@/components/auth/sign-in-messages';
import { DEVICE_COOKIE, trustedDeviceOf } from '@/lib/auth/device-cookie';
import {
  MAX_ACCOUNT_FAILURES,
  MAX_FAILURES,
  refusedByKnownLock,
  reserveLoginAttempt,
} from '@/lib/auth/login-attempts';
import { getDb } from '@/lib/db/client';
import { loginAttempts, users } from '@/lib/db/schema';
import * as verifyRoute from '@/app/api/two-factor/verify/route';
import { CODE_LOCKED, confirmEnrolment, startEnrolment } from '@/lib/two-factor/service';
import { requirePendingSignIn, verifySignInCode } from '@/lib/two-factor/sign-in-step';
import { codeAt } from '@/lib/two-factor/totp';
import { createUser } from '@/lib/users/accounts';
import { browser, signInWith } from './auth-flow';
import { call, type ErrorBody } from './helpers';
import { linkIn, setUpTestMail } from './smtp';

const ORIGIN = 'https://shop.example';
const testMail = setUpTestMail({ origin: ORIGIN });

async function owner() {
  const email = `owner-${randomUUID().slice(0, 8)}@test.dev`;
  await createUser({ name: 'Olga Owner', email, password: 'the-right-one' });
  return email;
}

/** A stranger's wrong passwords for `email`, each from another address, as many as the account-wide bound. */
async function strangersFlood(email: string) {
  const stranger = browser();
  for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
    const attempt = await signInWith(
      stranger,
      'credentials',
      { email, password: `guess-${i}` },
      `203.0.${i}.9`,
    );
    expect(attempt.signedIn).toBe(false);
  }
}

async function mailedSignInToken(email: string) {
  await testMail.worker.drain();
  const mail = testMail.smtp.messages
    .filter((message) => message.to && 'text' in message.to && message.to.text === email)
    .at(-1)!;
  return new URL(linkIn(mail, `${ORIGIN}/email-link/sign-in?token=`)).searchParams.get('token')!;
}

describe('a stranger can not lock the owner out', () => {
  it('after a flood from rotating addresses, the right password alone is refused with the link offer, and the link signs the owner in', async () => {
    const email = await owner();
    await strangersFlood(email);

    const ownersBrowser = browser();
    const byPassword = await signInWith(
      ownersBrowser,
      'credentials',
      { email, password: 'the-right-one' },
      '198.51.100.42',
    );
    expect(byPassword).toMatchObject({ signedIn: false, code: 'locked' });
    expect(credentialsErrorMessage(byPassword.code ?? undefined)).toBe(LOCKED_SIGN_IN);

    // The offer's button: the sign-in link, mailed to the owner's address.
    const asked = await call(emailLinkRoute.POST, {
      method: 'POST',
      body: { email },
      headers: { 'x-forwarded-for': '198.51.100.42' },
    });
    expect(asked.status).toBe(202);
    const byLink = await signInWith(
      ownersBrowser,
      'email-link',
      { token: await mailedSignInToken(email) },
      '198.51.100.42',
    );
    expect(byLink.signedIn).toBe(true);
    const profile = await call(userByKey.GET, {
      params: { key: email },
      headers: { cookie: ownersBrowser.cookie },
    });
    expect(profile.status).toBe(200);
  }, 120_000);
});

describe('a device that signed in before', () => {
  it('keeps signing the owner in with the password through a stranger’s flood, and its device alone is bounded', async () => {
    const email = await owner();
    const laptop = browser();
    const first = await signInWith(laptop, 'credentials', { email, password: 'the-right-one' });
    expect(first.signedIn).toBe(true);
    expect(laptop.cookie).toContain(`${DEVICE_COOKIE}=`);
    await strangersFlood(email);

    // The owner's laptop, at another address than before, still gets in with the password.
    const again = await signInWith(
      laptop,
      'credentials',
      { email, password: 'the-right-one' },
      '198.51.100.77',
    );
    expect(again.signedIn).toBe(true);
    // The instance server's early refusal (lib/auth/known-lock-refusal.ts) asks the same question, with the cookie.
    await reserveLoginAttempt(email, '198.51.100.77');
    expect(refusedByKnownLock(email, '198.51.100.77')).toBe(true);
    expect(
      refusedByKnownLock(
        email,
        '198.51.100.77',
        trustedDeviceOf(new Headers({ cookie: laptop.cookie }), email),
      ),
    ).toBe(false);

    // A stolen copy of the cookie guesses no more than one address may: then the device is locked too.
    const thief = browser();
    thief.take(
      new Response(null, {
        headers: {
          'set-cookie': `${laptop.cookie.split('; ').find((c) => c.startsWith(DEVICE_COOKIE))}; Path=/`,
        },
      }),
    );
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(
        (await signInWith(thief, 'credentials', { email, password: `steal-${i}` })).code,
      ).not.toBe('locked');
    }
    expect(
      await signInWith(thief, 'credentials', { email, password: 'the-right-one' }),
    ).toMatchObject({
      signedIn: false,
      code: 'locked',
    });
  }, 120_000);

  it('is trusted only for the account it signed into, and only with the shop’s signature', async () => {
    const email = await owner();
    const laptop = browser();
    expect(
      (await signInWith(laptop, 'credentials', { email, password: 'the-right-one' })).signedIn,
    ).toBe(true);
    const headers = new Headers({ cookie: laptop.cookie });
    expect(trustedDeviceOf(headers, email)).toMatch(/^[0-9a-f-]{36}$/);
    expect(trustedDeviceOf(headers, `other-${email}`)).toBeNull();
    const forged = laptop.cookie.replace(/(toolhaus-device=[^.;]+)\.[^;]+/, '$1.forged');
    expect(trustedDeviceOf(new Headers({ cookie: forged }), email)).toBeNull();
  }, 60_000);
});

describe('a stranger who knows the password can not lock the owner out of the code step', () => {
  it('after a flood of wrong codes, the owner finishes with the emailed link and their code', async () => {
    const email = await owner();
    const [row] = await getDb().select().from(users).where(eq(users.email, email));
    // The owner proved the address long ago: the link then signs in without resetting anything.
    await getDb().update(users).set({ emailVerified: new Date() }).where(eq(users.id, row!.id));
    const actor = {
      userId: row!.id,
      email,
      name: 'Olga Owner',
      role: 'customer' as const,
      sessionVersion: 0,
    };
    const { secret } = await startEnrolment(actor);
    // Enrolled one step ago, so that the code of now is a fresh one.
    const enrolledAt = Date.now() - 30_000;
    await confirmEnrolment(actor, codeAt(secret, enrolledAt), {
      ip: '198.51.100.42',
      now: enrolledAt,
    });

    // The stranger's pending session guesses codes from rotating addresses until the account's bound.
    const stranger = browser();
    expect(
      (
        await signInWith(
          stranger,
          'credentials',
          { email, password: 'the-right-one' },
          '203.0.113.1',
        )
      ).signedIn,
    ).toBe(true);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      const guess = await call<ErrorBody>(verifyRoute.POST, {
        method: 'POST',
        body: { code: String(100000 + i) },
        headers: { cookie: stranger.cookie, 'x-forwarded-for': `203.0.${i}.1` },
      });
      expect(guess.status).toBe(400);
    }

    // The owner's password session: even the right code is refused now, with the link offered.
    const byPassword = browser();
    await signInWith(
      byPassword,
      'credentials',
      { email, password: 'the-right-one' },
      '198.51.100.42',
    );
    const pendingAfterPassword = await requirePendingSignIn(
      new Request('http://localhost/api/two-factor/verify', {
        headers: { cookie: byPassword.cookie },
      }),
    );
    await expect(
      verifySignInCode(pendingAfterPassword, codeAt(secret, Date.now()), {
        ip: '198.51.100.42',
      }),
    ).rejects.toMatchObject({ message: CODE_LOCKED });

    // The emailed link, then the code: signed in.
    const byLink = browser();
    await call(emailLinkRoute.POST, {
      method: 'POST',
      body: { email },
      headers: { 'x-forwarded-for': '198.51.100.42' },
    });
    await signInWith(
      byLink,
      'email-link',
      { token: await mailedSignInToken(email) },
      '198.51.100.42',
    );
    const pendingAfterLink = await requirePendingSignIn(
      new Request('http://localhost/api/two-factor/verify', { headers: { cookie: byLink.cookie } }),
    );
    const proven = await verifySignInCode(pendingAfterLink, codeAt(secret, Date.now()), {
      ip: '198.51.100.42',
    });
    expect(proven.email).toBe(email);
  }, 180_000);
});

describe('a refused attempt on a locked account', () => {
  it('is answered without the database: 1,000 refusals while the account’s lock is held elsewhere', async () => {
    const email = await owner();
    await getDb()
      .insert(loginAttempts)
      .values(
        Array.from({ length: MAX_ACCOUNT_FAILURES }, (_, i) => ({ email, ip: `203.0.${i}.9` })),
      );
    // The first refusal learns the lock from the database.
    expect(await reserveLoginAttempt(email, '192.0.2.1')).toBeNull();
    const held = await getDb().transaction(async (tx) => {
      // What a queue of attempts waited on: the email's advisory lock (on PGlite, the one connection too).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7272729, hashtext(${email}))`);
      const started = performance.now();
      const refusals = Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          reserveLoginAttempt(email, `192.0.${i >> 8}.${i & 255}`),
        ),
      );
      const answers = await Promise.race([
        refusals,
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      return { answers, ms: performance.now() - started };
    });
    expect(held.answers).toEqual(Array.from({ length: 1000 }, () => null));
    expect(held.ms).toBeLessThan(1_000);
  }, 120_000);
});
