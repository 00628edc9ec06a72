import { createHash, timingSafeEqual } from 'node:crypto';
import type { EarlyAnswer, EarlyAnswerer, EarlyRequest } from '@/lib/process/early-answers.mjs';
import { trustedDeviceOf } from '@/lib/auth/device-cookie';
import { refusedByKnownLock } from '@/lib/auth/login-attempts';
import { clientRequest } from '@/lib/client-request';
import { getAuthSecret } from '@/lib/env';
import { runtimeSecurityHeaders } from '@/lib/security-headers';
import { publicOrigin } from '@/lib/site-origin';
import { loginSchema } from '@/lib/validation/auth';
import { email as emailField } from '@/lib/validation/fields';

/** Where Auth.js's credentials callback listens; the instance server lets this module see its POSTs first. */
export const CREDENTIALS_CALLBACK_PATH = '/api/auth/callback/credentials';

/** Auth.js reads a sign-in's fields from a form post; anything else goes on to it. */
const isForm = (headers: Headers) =>
  headers.get('content-type')?.startsWith('application/x-www-form-urlencoded') ?? false;

/** Auth.js's double-submit CSRF cookie: `token|sha256(token + secret)`, `__Host-` on https. */
function csrfVerified(headers: Headers, formToken: string | null, https: boolean): boolean {
  const name = `${https ? '__Host-' : ''}authjs.csrf-token`;
  const cookie = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!cookie || !formToken) return false;
  const [token, hash] = decodeURIComponent(cookie.slice(name.length + 1)).split('|');
  if (!token || !hash || token !== formToken) return false;
  const expected = Buffer.from(
    createHash('sha256').update(`${token}${getAuthSecret()}`).digest('hex'),
  );
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A password sign-in for an email this instance already knows to be locked (lib/auth/lock-memory.ts), refused
 * before Next runs: a flood against one account is then answered in microseconds and no longer queues other
 * visitors behind Next's and Auth.js's work. The answer is the one Auth.js gives for the same attempt
 * (its `LoginLockedError` redirect, or the JSON of `signIn(…, { redirect: false })`), so the page cannot tell them
 * apart. Everything Auth.js would check first is checked here too, or the request goes on to it: a form of valid
 * credentials, the CSRF token, and the lock for this email from this address.
 */
export function refuseKnownLock({ headers, body }: EarlyRequest): EarlyAnswer | null {
  if (!isForm(headers)) return null;
  const form = new URLSearchParams(body);
  const credentials = loginSchema.safeParse(Object.fromEntries(form));
  if (!credentials.success) return null;
  const request = clientRequest(headers);
  const { email } = credentials.data;
  if (!refusedByKnownLock(email, request.address, trustedDeviceOf(headers, email))) return null;
  const origin = publicOrigin(`${request.protocol}://${request.host ?? 'localhost'}`);
  if (!csrfVerified(headers, form.get('csrfToken'), origin.startsWith('https:'))) return null;
  const url = `${origin}/login?error=CredentialsSignin&code=locked`;
  const answerHeaders = Object.fromEntries(
    runtimeSecurityHeaders().map(({ key, value }) => [key, value]),
  );
  if (headers.has('x-auth-return-redirect')) {
    return {
      status: 200,
      headers: { ...answerHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    };
  }
  return { status: 302, headers: { ...answerHeaders, location: url }, body: '' };
}

/** A sign-in form's email, as the sign-in would read it: attempts for one account go to Next one at a time. */
function signInEmail({ headers, body }: EarlyRequest): string | null {
  if (!isForm(headers)) return null;
  const email = emailField.safeParse(new URLSearchParams(body).get('email'));
  return email.success ? email.data : null;
}

/**
 * What the instance server does with a password sign-in before Next (lib/startup.ts registers it): a known lock is
 * refused at once, and while one attempt for an account is in Next the next waits for it, so that a flood's first
 * attempts learn the lock one by one instead of all paying for Next and Auth.js before the first has been counted.
 */
export const credentialsSignInEarly: EarlyAnswerer = {
  answer: refuseKnownLock,
  oneAtATimeBy: signInEmail,
};
