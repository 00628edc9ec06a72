import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import * as signupRoute from '@/app/api/signup/route';
import * as passwords from '@/lib/auth/passwords';
import { createUser } from '@/lib/users/accounts';
import { MAX_PER_ADDRESS, MAX_PER_EMAIL, TOO_MANY_REQUESTS } from '@/lib/users/mail-requests';
import { call, type ErrorBody } from './helpers';
import { setUpTestMail } from './smtp';

vi.mock('@/lib/auth/passwords', async (actual) => {
  const real = await actual<typeof import('@/lib/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

setUpTestMail({ origin: 'https://shop.example' });

const signUp = (email: string, ip: string) =>
  call<ErrorBody>(signupRoute.POST, {
    method: 'POST',
    body: { name: 'Squatter', email, password: 'squatter-password' },
    headers: { 'x-forwarded-for': ip },
  });

describe('sign-up throttling', () => {
  it('refuses a taken address without hashing a password, then throttles it with Retry-After', async () => {
    const email = `taken-${randomUUID().slice(0, 8)}@test.dev`;
    await createUser({ name: 'Owner', email, password: 'owner-password' });
    vi.mocked(passwords.hashPassword).mockClear();

    const answers = [];
    // From rotating addresses: only the per-address limit can stop them.
    for (let i = 0; i < 200; i++) answers.push(await signUp(email, `203.0.113.${i % 250}`));

    expect(passwords.hashPassword).not.toHaveBeenCalled();
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(MAX_PER_EMAIL).fill(409),
      ...Array<number>(200 - MAX_PER_EMAIL).fill(429),
    ]);
    const throttled = answers.at(-1)!;
    expect(throttled.body).toEqual({
      error: { code: 'too_many_requests', message: TOO_MANY_REQUESTS },
    });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(throttled.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  }, 120_000);

  it('lets one client open 20 accounts in 15 minutes, then answers 429', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let i = 0; i <= MAX_PER_ADDRESS; i++) {
      statuses.push((await signUp(`many-${i}-${randomUUID().slice(0, 6)}@test.dev`, ip)).status);
    }
    expect(statuses).toEqual([...Array<number>(MAX_PER_ADDRESS).fill(201), 429]);
  });
});
