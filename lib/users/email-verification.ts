import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { badRequest, conflict, unauthorized, unavailable } from '@/lib/errors';
import { mailAvailable } from '@/lib/mail/config';
import { queueVerificationMail } from '@/lib/mail/verification-mail';
import { throttleMailRequest } from '@/lib/users/mail-requests';
import { consumeToken } from '@/lib/auth/one-time-tokens';
import { MAIL_UNAVAILABLE, type RequestContext } from '@/lib/users/password-reset';
import { findUserById, markEmailVerified } from '@/lib/db/users';
import { INVALID_LINK } from '@/lib/validation/auth';

/**
 * The mailed link, used once: the account's address is verified. Nothing else depends on it (the original flows stay
 * open).
 */
export async function verifyEmail(token: string): Promise<{ verified: true }> {
  const verified = await getDb().transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'email_verification');
    if (!userId) return false;
    await markEmailVerified(userId, tx);
    return true;
  });
  if (!verified) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  return { verified: true };
}

/** "Resend" on My Profile: a fresh link to the signed-in user's own address, throttled like forgot password. */
export async function resendVerification(
  actor: Actor | null,
  context: RequestContext,
): Promise<{ acknowledged: true }> {
  if (!actor) throw unauthorized();
  const user = await findUserById(actor.userId);
  if (!user) throw unauthorized();
  if (user.emailVerified) throw conflict('Your email is already verified');
  if (!mailAvailable()) throw unavailable(MAIL_UNAVAILABLE);
  await throttleMailRequest(user.email, context.ip);
  await getDb().transaction((tx) => queueVerificationMail(tx, user, context.origin));
  return { acknowledged: true };
}
