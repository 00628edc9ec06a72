import { randomUUID } from 'node:crypto';
import { CredentialsSignin } from 'next-auth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorize, LoginLockedError } from '@/lib/auth/credentials';
import { authLogger } from '@/lib/auth/logger';
import { getDb } from '@/lib/db/client';
import { errorResponse } from '@/lib/http';
import { loginAttempts } from '@/lib/db/schema';
import { MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '@/lib/auth/login-attempts';
import { createUser } from '@/lib/users/accounts';

const email = `login-${randomUUID().slice(0, 6)}@test.dev`;
const from = (ip: string) =>
  new Request('http://localhost/api/auth/callback/credentials', {
    headers: { 'x-forwarded-for': ip },
  });

beforeAll(async () => {
  await createUser({ name: 'Login Tester', email, password: 'right-password' });
});

describe('credentials sign-in', () => {
  it('accepts the right password, case-insensitively on the email', async () => {
    expect(
      await authorize({ email: email.toUpperCase(), password: 'right-password' }, from('10.0.0.1')),
    ).toMatchObject({ email });
  });

  it('refuses a wrong password, an unknown email and malformed input', async () => {
    expect(await authorize({ email, password: 'wrong-password' }, from('10.0.0.2'))).toBeNull();
    expect(
      await authorize({ email: 'nobody@test.dev', password: 'whatever1' }, from('10.0.0.2')),
    ).toBeNull();
    expect(await authorize({ email: 'x', password: 1 }, from('10.0.0.2'))).toBeNull();
  });

  it(`locks an email and IP pair after ${MAX_FAILURES} failures, even for the right password`, async () => {
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(await authorize({ email, password: 'wrong-password' }, from('10.0.0.3'))).toBeNull();
    }
    await expect(
      authorize({ email, password: 'right-password' }, from('10.0.0.3')),
    ).rejects.toBeInstanceOf(LoginLockedError);
    // Another address is not locked out by someone else's guessing.
    expect(await authorize({ email, password: 'right-password' }, from('10.0.0.4'))).toMatchObject({
      email,
    });
  });
});

describe('throttling by address', () => {
  const failuresFrom = async (account: string) =>
    (await getDb().select().from(loginAttempts)).filter((row) => row.email === account);

  it('counts a failure against the address Next or our proxy saw, not one the client wrote first', async () => {
    const account = `xff-${randomUUID().slice(0, 6)}@test.dev`;
    await authorize({ email: account, password: 'wrong-password' }, from('6.6.6.6, 10.1.1.1'));
    expect((await failuresFrom(account)).map((row) => row.ip)).toEqual(['10.1.1.1']);
  });

  it(`locks an email for every address after ${MAX_ACCOUNT_FAILURES} failures from many`, async () => {
    const account = `spread-${randomUUID().slice(0, 6)}@test.dev`;
    await createUser({ name: 'Spread Target', email: account, password: 'right-password' });
    await getDb()
      .insert(loginAttempts)
      .values(
        Array.from({ length: MAX_ACCOUNT_FAILURES }, (_, i) => ({
          email: account,
          ip: `10.2.0.${i}`,
        })),
      );
    await expect(
      authorize({ email: account, password: 'right-password' }, from('10.3.0.1')),
    ).rejects.toBeInstanceOf(LoginLockedError);
  });
});

/**
 * Runs `total` attempts, `concurrency` at a time, and counts the passwords actually verified (null: a wrong one),
 * the attempts refused as locked, and those the database turned away (503: pool or lock wait exhausted on a starved
 * machine), which verify nothing but may hold a reservation.
 */
async function flood(total: number, concurrency: number, attempt: (i: number) => Promise<unknown>) {
  let next = 0;
  const counts = { verified: 0, locked: 0, unavailable: 0 };
  const worker = async () => {
    while (next < total) {
      const i = next++;
      try {
        if ((await attempt(i)) === null) counts.verified++;
      } catch (error) {
        if (error instanceof LoginLockedError) counts.locked++;
        else if (errorResponse(error).status === 503) counts.unavailable++;
        else throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}

/** Never more than the bound; exactly the bound unless the database turned attempts away. */
function expectExactBound(counts: Awaited<ReturnType<typeof flood>>, bound: number, total: number) {
  expect(counts.verified).toBeLessThanOrEqual(bound);
  expect(counts.verified + counts.unavailable).toBeGreaterThanOrEqual(bound);
  expect(counts.verified + counts.locked + counts.unavailable).toBe(total);
}

describe('throttling under concurrency', () => {
  it(`verifies exactly ${MAX_FAILURES} of 10,000 wrong passwords from one address, 100 at a time`, async () => {
    const account = `flood-${randomUUID().slice(0, 6)}@test.dev`;
    await createUser({ name: 'Flood Target', email: account, password: 'right-password' });
    const counts = await flood(10_000, 100, (i) =>
      authorize({ email: account, password: `wrong-${i}` }, from('10.9.9.9')),
    );
    expectExactBound(counts, MAX_FAILURES, 10_000);
  }, 120_000);

  it(`verifies exactly ${MAX_ACCOUNT_FAILURES} wrong passwords with a forged address per request, 300 at a time`, async () => {
    const account = `forged-${randomUUID().slice(0, 6)}@test.dev`;
    await createUser({ name: 'Forged Target', email: account, password: 'right-password' });
    const counts = await flood(3_000, 300, (i) =>
      authorize(
        { email: account, password: `wrong-${i}` },
        from(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
      ),
    );
    expectExactBound(counts, MAX_ACCOUNT_FAILURES, 3_000);
  }, 120_000);
});

describe('sign-in logging', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a refused sign-in as one warning line, without a stack trace', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    authLogger?.error?.(new CredentialsSignin());
    authLogger?.error?.(new LoginLockedError());
    expect(warn.mock.calls).toEqual([
      ['[auth] sign-in refused (credentials)'],
      ['[auth] sign-in refused (locked)'],
    ]);
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps every other Auth.js error an error, with its details', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('the adapter could not reach the database');
    authLogger?.error?.(failure);
    expect(error).toHaveBeenCalledWith('[auth]', failure);
  });
});
