import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueAccessToken, verifyAccessToken } from '@/lib/auth/tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('names the user of a valid token, again and again', async () => {
    const userId = randomUUID();
    const token = await issueAccessToken(userId, 'someone@example.com', 0);
    expect(await verifyAccessToken(token)).toEqual({ userId, sessionVersion: 0 });
    expect(await verifyAccessToken(token)).toEqual({ userId, sessionVersion: 0 });
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const userId = randomUUID();
    const token = await issueAccessToken(userId, 'someone@example.com', 0);
    expect(await verifyAccessToken(token)).toEqual({ userId, sessionVersion: 0 });
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1_000);
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it('refuses a token whose payload or signature was changed after a valid one was verified', async () => {
    const token = await issueAccessToken(randomUUID(), 'someone@example.com', 0);
    expect(await verifyAccessToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        sub: randomUUID(),
      }),
    ).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
  });
});
