import { CredentialsSignin } from 'next-auth';
import { verifyPassword } from '@/lib/auth/passwords';
import { getEnv } from '@/lib/env';
import {
  clearLoginFailures,
  forgetOldLoginAttempts,
  reserveLoginAttempt,
} from '@/lib/auth/login-attempts';
import { findUserByEmail } from '@/lib/db/users';
import { loginSchema } from '@/lib/validation/auth';

/** Reaches the browser as `code` of signIn()'s result; the login form turns it into a message. */
export class LoginLockedError extends CredentialsSignin {
  code = 'locked';
}

/** An admin disabled the account: said only to someone who proved the password (or held a valid link). */
export class AccountDisabledError extends CredentialsSignin {
  code = 'disabled';
}

/**
 * The address a sign-in comes from, for throttling. Each proxy appends the address it saw to X-Forwarded-For, and
 * Next sets the socket's address only when the header is missing, so everything left of what our own proxies
 * appended is the client's word: the address is the entry TRUSTED_PROXIES from the right (the right-most one with
 * no proxy in front, where a forged header still names one address per request; see MAX_ACCOUNT_FAILURES).
 */
export function clientIp(request: Request): string {
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-Math.max(1, getEnv().TRUSTED_PROXIES)) ?? 'unknown';
}

/**
 * Email + password sign-in, refused while this email and IP pair (or the email everywhere) is locked out by too
 * many failures. The attempt is reserved before the password is verified, so concurrent guesses can not pass the
 * bound while the first ones are still being verified.
 */
export async function authorize(credentials: Partial<Record<string, unknown>>, request: Request) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientIp(request);
  if (!(await reserveLoginAttempt(email, ip))) throw new LoginLockedError();
  const user = await findUserByEmail(email);
  if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
    await forgetOldLoginAttempts();
    return null;
  }
  await clearLoginFailures(email, ip);
  if (user.disabledAt) throw new AccountDisabledError();
  return { id: user.id, email: user.email, name: user.name };
}
