import type { Actor } from '@/lib/auth/actor';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { badRequest, unauthorized } from '@/lib/errors';
import { reserveLoginAttempt } from '@/lib/auth/login-attempts';
import { setPassword, type RequestContext } from '@/lib/users/password-reset';
import { findUserById } from '@/lib/db/users';
import type { ChangePasswordInput } from '@/lib/validation/auth';

export const WRONG_CURRENT_PASSWORD = 'The current password is not right';
export const NO_PASSWORD_YET =
  'Your account signs in with Google and has no password: use Forgot password? on the login page to set one';
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';

/**
 * Changes the signed-in user's password given the current one (guesses count as failed sign-ins), and ends every
 * session of the account: the browser signs in again with the new password.
 */
export async function changePassword(
  actor: Actor | null,
  input: ChangePasswordInput,
  context: RequestContext,
): Promise<{ acknowledged: true }> {
  if (!actor) throw unauthorized();
  const user = await findUserById(actor.userId);
  if (!user) throw unauthorized();
  if (!user.passwordHash) throw badRequest(NO_PASSWORD_YET, { currentPassword: NO_PASSWORD_YET });
  // Reserved before the check, as a sign-in is: a wrong guess stays counted, the new password clears them all.
  if (!(await reserveLoginAttempt(user.email, context.ip))) {
    throw badRequest(LOCKED, { currentPassword: LOCKED });
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await getDb().transaction((tx) => setPassword(tx, user.id, passwordHash, context.origin));
  return { acknowledged: true };
}
