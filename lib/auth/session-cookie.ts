import type { JWT } from '@auth/core/jwt';
import { getToken } from 'next-auth/jwt';
import { rememberedDecode } from '@/lib/auth/decoded-sessions';
import { getAuthSecret } from '@/lib/env';

/**
 * The Auth.js session a request's cookie carries (the __Secure- name under https), verified and decoded, without
 * reading the account: what it vouches for is checked against the database by lib/auth/caller.ts.
 */
export async function sessionToken(request: {
  headers: Headers | Record<string, string>;
}): Promise<JWT | null> {
  for (const secureCookie of [true, false]) {
    const token = await getToken({
      req: request,
      secret: getAuthSecret(),
      secureCookie,
      decode: rememberedDecode,
    });
    if (token?.sub) return token;
  }
  return null;
}
