import { CredentialsSignin } from 'next-auth';
import { verifyPassword } from '@/lib/auth/passwords';
import { clientAddress } from '@/lib/client-request';
import { trustedDeviceOf } from '@/lib/auth/device-cookie';
import {
  attemptSource,
  clearLoginFailures,
  forgetOldLoginAttempts,
  reserveLoginAttempt,
} from '@/lib/auth/login-attempts';
import { auditAdminSignIn } from '@/lib/auth/admin-sign-in-audit';
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
 * Email + password sign-in, refused while this email and IP pair (or the email everywhere) is locked out by too
 * many failures. The attempt is reserved before the password is verified, so concurrent guesses can not pass the
 * bound while the first ones are still being verified.
 */
export async function authorize(credentials: Partial<Record<string, unknown>>, request: Request) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const ip = clientAddress(request);
  const device = trustedDeviceOf(request.headers, email);
  if (!(await reserveLoginAttempt(email, ip, device))) throw new LoginLockedError();
  const user = await findUserByEmail(email);
  if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
    if (user) await auditAdminSignIn('admin.sign_in_failed', user, 'password', ip);
    await forgetOldLoginAttempts();
    return null;
  }
  await clearLoginFailures(email, attemptSource(ip, device));
  if (user.disabledAt) throw new AccountDisabledError();
  await auditAdminSignIn('admin.sign_in', user, 'password', ip);
  return { id: user.id, email: user.email, name: user.name };
}
