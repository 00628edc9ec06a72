import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { getAuthSecret } from '@/lib/env';

/*
 * A device that signed into an account before carries a long-lived cookie naming that account's email and a random
 * device id, signed with the server's secret. Its password attempts are counted under the device, not the address,
 * and the account-wide lock (many addresses guessing) does not apply to it: a stranger's flood can not lock the owner
 * out of their own laptop. The device keeps its own bound (lib/auth/login-attempts.ts), so a stolen cookie buys no
 * more guesses than one address gets.
 */

export const DEVICE_COOKIE = 'toolhaus-device';
const DEVICE_COOKIE_DAYS = 365;

const signatureOf = (payload: string) =>
  createHmac('sha256', `device-cookie:${getAuthSecret()}`).update(payload).digest('base64url');

function cookieValue(headers: Headers): string | null {
  const prefix = `${DEVICE_COOKIE}=`;
  const part = (headers.get('cookie') ?? '')
    .split(';')
    .map((piece) => piece.trim())
    .find((piece) => piece.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : null;
}

/** The device id a request's cookie vouches for, when it was signed for this very email; else null. */
export function trustedDeviceOf(headers: Headers, email: string): string | null {
  const value = cookieValue(headers);
  const [payload, signature] = value?.split('.') ?? [];
  if (!payload || !signature) return null;
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { email: signedFor, device } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    return signedFor === email && typeof device === 'string' ? device : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie of a successful password sign-in: this device, now known to this account (its id kept if it had one). */
export function deviceCookieFor(headers: Headers, email: string, https: boolean): string {
  const device = trustedDeviceOf(headers, email) ?? randomUUID();
  const payload = Buffer.from(JSON.stringify({ email, device })).toString('base64url');
  const value = encodeURIComponent(`${payload}.${signatureOf(payload)}`);
  const maxAge = DEVICE_COOKIE_DAYS * 86_400;
  return `${DEVICE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}
