import { randomUUID } from 'node:crypto';
import { CredentialsSignin } from 'next-auth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorize, LoginLockedError } from '@/lib/auth/credentials';
import { authLogger } from '@/lib/auth/logger';
import { getDb } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';
import { MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '@/lib/login-attempts';
import { createUser } from '@/lib/users';

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
