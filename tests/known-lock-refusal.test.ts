import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import { refuseKnownLock } from '@/lib/auth/known-lock-refusal';
import { MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '@/lib/auth/login-attempts';
import { securityHeaders } from '@/lib/security-headers';
import { createUser } from '@/lib/users/accounts';
import { browser, signInWith, type Browser } from './auth-flow';

// The instance server's early refusal (server/early-answer.mjs asks lib/auth/known-lock-refusal.ts) must say exactly
// what Auth.js says for the same request, and only when Auth.js would refuse it as locked.

const ORIGIN = 'http://localhost';

async function account() {
  const email = `early-${randomUUID().slice(0, 8)}@test.dev`;
  await createUser({ name: 'Early Refusal', email, password: 'the-right-one' });
  return email;
}

/** Guesses from `ip` until Auth.js refuses one as locked: from then on this instance knows the lock. */
async function lockFrom(email: string, ip: string) {
  const guesser = browser();
  for (let i = 0; i < MAX_FAILURES; i++) {
    await signInWith(guesser, 'credentials', { email, password: `guess-${i}` }, ip);
  }
  expect(
    await signInWith(guesser, 'credentials', { email, password: 'one-more' }, ip),
  ).toMatchObject({ code: 'locked' });
}

/** One browser's sign-in POST, as Auth.js's route and as the early refusal see it. */
async function attempt(
  client: Browser,
  fields: Record<string, string>,
  ip: string,
  extraHeaders: Record<string, string> = {},
) {
  const csrf = await authRoute.GET(
    new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { cookie: client.cookie } }),
  );
  client.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const headers = {
    host: 'localhost',
    'content-type': 'application/x-www-form-urlencoded',
    cookie: client.cookie,
    'x-forwarded-for': ip,
    ...extraHeaders,
  };
  const body = new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/`, ...fields }).toString();
  return {
    early: () => refuseKnownLock({ headers: new Headers(headers), body }),
    byAuthJs: () =>
      authRoute.POST(
        new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
          method: 'POST',
          headers,
          body,
        }),
      ),
  };
}

describe('refusing a known lock before Next', () => {
  it('answers a locked pair with Auth.js’s own redirect, and the security headers', async () => {
    const email = await account();
    await lockFrom(email, '192.0.2.31');
    const request = await attempt(browser(), { email, password: 'the-right-one' }, '192.0.2.31');

    const byAuthJs = await request.byAuthJs();
    const early = request.early();
    expect(early).not.toBeNull();
    expect(early!.status).toBe(byAuthJs.status);
    expect(early!.headers.location).toBe(byAuthJs.headers.get('location'));
    expect(early!.headers.location).toBe(`${ORIGIN}/login?error=CredentialsSignin&code=locked`);
    for (const { key, value } of securityHeaders()) expect(early!.headers[key]).toBe(value);
  });

  it('answers signIn(…, { redirect: false }) with the JSON Auth.js gives it', async () => {
    const email = await account();
    await lockFrom(email, '192.0.2.32');
    const request = await attempt(browser(), { email, password: 'guess-again' }, '192.0.2.32', {
      'x-auth-return-redirect': '1',
    });

    const byAuthJs = await request.byAuthJs();
    const early = request.early();
    expect(early).toMatchObject({ status: byAuthJs.status });
    expect(JSON.parse(early!.body)).toEqual(await byAuthJs.json());
  });

  it('refuses an email locked everywhere from an address it has never seen', async () => {
    const email = await account();
    const stranger = browser();
    for (let i = 0; i <= MAX_ACCOUNT_FAILURES; i++) {
      await signInWith(
        stranger,
        'credentials',
        { email, password: `guess-${i}` },
        `203.0.113.${i}`,
      );
    }
    const request = await attempt(browser(), { email, password: 'the-right-one' }, '198.51.100.9');
    expect(request.early()?.headers.location).toBe(
      `${ORIGIN}/login?error=CredentialsSignin&code=locked`,
    );
  });

  it('leaves to Auth.js whatever it would not refuse as locked', async () => {
    const email = await account();
    await lockFrom(email, '192.0.2.33');
    const client = browser();
    const leftToAuthJs = [
      // Another address, not locked by someone else's guessing.
      await attempt(client, { email, password: 'the-right-one' }, '192.0.2.34'),
      // An account nobody guessed at.
      await attempt(client, { email: await account(), password: 'guess-again' }, '192.0.2.33'),
      // Not valid credentials: Auth.js answers CredentialsSignin, not locked.
      await attempt(client, { email, password: '' }, '192.0.2.33'),
      await attempt(client, { email: 'not-an-email', password: 'guess-again' }, '192.0.2.33'),
      // Without the CSRF cookie Auth.js answers MissingCSRF.
      await attempt(browser(), { email, password: 'guess-again' }, '192.0.2.33', { cookie: '' }),
      await attempt(client, { email, password: 'guess-again', csrfToken: 'forged' }, '192.0.2.33'),
      await attempt(client, { email, password: 'guess-again' }, '192.0.2.33', {
        cookie: 'authjs.csrf-token=forged%7Cfb0e0f',
      }),
      // Not a form.
      await attempt(client, { email, password: 'guess-again' }, '192.0.2.33', {
        'content-type': 'application/json',
      }),
    ];
    for (const request of leftToAuthJs) expect(request.early()).toBeNull();
    // The same browser's valid attempt is refused: the cases above differ from it in one thing each.
    expect(
      (await attempt(client, { email, password: 'guess-again' }, '192.0.2.33')).early(),
    ).not.toBeNull();
  });

  it('refuses the mixed-case address Auth.js would refuse', async () => {
    const email = await account();
    await lockFrom(email, '192.0.2.35');
    const request = await attempt(
      browser(),
      { email: email.toUpperCase(), password: 'the-right-one' },
      '192.0.2.35',
    );
    const byAuthJs = await request.byAuthJs();
    expect(byAuthJs.headers.get('location')).toContain('code=locked');
    expect(request.early()?.headers.location).toBe(byAuthJs.headers.get('location'));
  });
});
