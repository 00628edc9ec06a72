import { encode } from '@auth/core/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECODED_MEMORY_MS, rememberedDecode } from '@/lib/auth/decoded-sessions';
import { sessionToken } from '@/lib/auth/session-cookie';

const SALT = 'authjs.session-token';
const secret = process.env.AUTH_SECRET!;
const tokenFor = (sub: string, maxAge = 3600) =>
  encode({ token: { sub, sv: 0 }, secret, salt: SALT, maxAge });

afterEach(() => {
  vi.useRealTimers();
});

describe('a session token decoded once per instance', () => {
  it('gives the same claims each time, and a token that does not decrypt gives nothing', async () => {
    const token = await tokenFor('user-a');
    const first = await rememberedDecode({ token, secret, salt: SALT });
    expect(first?.sub).toBe('user-a');
    expect(await rememberedDecode({ token, secret, salt: SALT })).toBe(first);
    // The claims are shared by every later request of this instance: nobody may change them.
    expect(Object.isFrozen(first)).toBe(true);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(await rememberedDecode({ token: forged, secret, salt: SALT })).toBeNull();
    expect(await rememberedDecode({ token: forged, secret, salt: SALT })).toBeNull();
  });

  it("is keyed by the cookie's name too: a token under another name does not decode", async () => {
    const token = await tokenFor('user-b');
    expect((await rememberedDecode({ token, secret, salt: SALT }))?.sub).toBe('user-b');
    expect(await rememberedDecode({ token, secret, salt: `__Secure-${SALT}` })).toBeNull();
  });

  it('decodes again under another secret: a rotated secret does not keep old sessions alive here', async () => {
    const token = await tokenFor('user-f');
    expect((await rememberedDecode({ token, secret, salt: SALT }))?.sub).toBe('user-f');
    expect(await rememberedDecode({ token, secret: `${secret}-rotated`, salt: SALT })).toBeNull();
  });

  it('is never believed past the token’s expiry, nor longer than the memory’s limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const shortLived = await tokenFor('user-c', 30);
    expect((await rememberedDecode({ token: shortLived, secret, salt: SALT }))?.sub).toBe('user-c');
    // Past its expiry and Auth.js's 15 s of clock tolerance, the memory does not answer for it.
    vi.setSystemTime(Date.now() + 46_000);
    expect(await rememberedDecode({ token: shortLived, secret, salt: SALT })).toBeNull();

    const longLived = await tokenFor('user-d');
    const claims = await rememberedDecode({ token: longLived, secret, salt: SALT });
    vi.setSystemTime(Date.now() + DECODED_MEMORY_MS + 1);
    // Decoded again (a new object), still valid.
    const again = await rememberedDecode({ token: longLived, secret, salt: SALT });
    expect(again?.sub).toBe('user-d');
    expect(again).not.toBe(claims);
  });

  it('serves the request helpers: a cookie and a bearer token of the same session both name it', async () => {
    const token = await tokenFor('user-e');
    const byCookie = await sessionToken({ headers: { cookie: `${SALT}=${token}` } });
    const byBearer = await sessionToken({ headers: { authorization: `Bearer ${token}` } });
    expect(byCookie?.sub).toBe('user-e');
    expect(byBearer?.sub).toBe('user-e');
  });
});
