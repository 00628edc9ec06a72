import { and, eq, gt, sql } from 'drizzle-orm';
import { ACCOUNT_DISABLED } from '@/lib/auth/account-disabled';
import { endAllSessions } from '@/lib/auth/sessions';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb, type Database } from '@/lib/db/client';
import { mailOutbox, oneTimeTokens, users, type User } from '@/lib/db/schema';
import { badRequest, forbidden, unavailable } from '@/lib/errors';
import { clearAllLoginFailures } from '@/lib/auth/login-attempts';
import { mailAvailable } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { throttleMailRequest } from '@/lib/users/mail-requests';
import {
  consumeToken,
  hashOfToken,
  newToken,
  TOKEN_LIFETIME_MS,
  voidTokens,
} from '@/lib/auth/one-time-tokens';
import {
  INVALID_LINK,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@/lib/validation/auth';

export const RESET_ANSWER = 'If an account exists for that email, we sent a link';
export const MAIL_UNAVAILABLE =
  'This shop can not send mail at the moment, so we can not send you a link. Please contact our team.';

/** Where a request came from: the address for throttling, the origin for links in mail. */
export interface RequestContext {
  ip: string;
  origin: string;
}

const displayName = (user: Pick<User, 'name' | 'email'>) => user.name || user.email;

/**
 * "Forgot password?": mails a single-use link to the account, if there is one. The answer, its status and the work
 * done before it are the same for a known and an unknown email, so asking reveals nothing about accounts.
 */
export async function requestPasswordReset(
  input: ForgotPasswordInput,
  context: RequestContext,
): Promise<{ message: string }> {
  if (!mailAvailable()) throw unavailable(MAIL_UNAVAILABLE);
  await throttleMailRequest(input.email, context.ip);
  // One statement whether or not the account exists: the same work and round trips either way, so the time taken
  // does not tell them apart. It voids older links, stores the new one's hash and queues the mail.
  const token = newToken();
  const link = `${context.origin}/reset-password?token=${token}`;
  await getDb().execute(sql`
    WITH account AS (
      SELECT id, email, coalesce(nullif(name, ''), email) AS name FROM ${users}
      WHERE email = ${input.email} AND disabled_at IS NULL
    ), voided AS (
      DELETE FROM ${oneTimeTokens}
      WHERE user_id IN (SELECT id FROM account) AND purpose = 'password_reset'
    ), issued AS (
      INSERT INTO ${oneTimeTokens} (token_hash, user_id, purpose, expires_at)
      SELECT ${hashOfToken(token)}, id, 'password_reset', ${new Date(Date.now() + TOKEN_LIFETIME_MS.password_reset)}
      FROM account
    )
    INSERT INTO ${mailOutbox} (kind, recipient, data)
    SELECT 'password_reset', email, jsonb_build_object('name', name, 'link', ${link}::text) FROM account`);
  return { message: RESET_ANSWER };
}

/**
 * Sets a new password, ends every session of the account and voids its other reset links, all in one transaction
 * with the notice mail. Answers the email, so that the browser can sign in with the new password.
 */
export async function resetPassword(
  input: ResetPasswordInput,
  context: Pick<RequestContext, 'origin'>,
): Promise<{ email: string }> {
  // Checked before hashing: made-up tokens must not buy argon2 work.
  const state = await resetLinkState(input.token);
  if (state === 'invalid') throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  if (state === 'disabled') throw forbidden(ACCOUNT_DISABLED);
  const passwordHash = await hashPassword(input.password);
  const email = await getDb().transaction(async (tx) => {
    const userId = await consumeToken(tx, input.token, 'password_reset');
    if (!userId) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
    // Disabled while the password was being hashed: the link stays unused with the rest of the transaction.
    const [account] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (account?.disabledAt) throw forbidden(ACCOUNT_DISABLED);
    return setPassword(tx, userId, passwordHash, context.origin);
  });
  await clearAllLoginFailures(email);
  return { email };
}

export type ResetLinkState = 'valid' | 'disabled' | 'invalid';

/**
 * Where a reset link leads: the form for a live link of an enabled account; a disabled account can not take a new
 * password by mail (an admin disabled it: a reset would be a way back in).
 */
export async function resetLinkState(token: string): Promise<ResetLinkState> {
  const [link] = await getDb()
    .select({ disabledAt: users.disabledAt })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashOfToken(token)),
        eq(oneTimeTokens.purpose, 'password_reset'),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    );
  if (!link) return 'invalid';
  return link.disabledAt ? 'disabled' : 'valid';
}

/** The password change itself, inside the caller's transaction; answers the account's email. */
export async function setPassword(
  tx: Database,
  userId: string,
  passwordHash: string,
  origin: string,
): Promise<string> {
  const [user] = await tx
    .update(users)
    // A password set: the notice of removed sign-in methods has done its work.
    .set({ passwordHash, signInMethodsResetAt: null })
    .where(eq(users.id, userId))
    .returning({ email: users.email, name: users.name });
  if (!user) throw badRequest(INVALID_LINK, { token: INVALID_LINK });
  await voidTokens(tx, userId, 'password_reset');
  await endAllSessions(userId, tx);
  await enqueueMail(tx, 'password_changed', user.email, {
    name: displayName(user),
    link: `${origin}/forgot-password`,
  });
  return user.email;
}
