import { eq, sql } from 'drizzle-orm';
import { requireSignedIn } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { reserveLoginAttempt } from '@/lib/auth/login-attempts';
import { verifyPassword } from '@/lib/auth/passwords';
import { endAllSessions } from '@/lib/auth/sessions';
import { getDb } from '@/lib/db/client';
import { isLastOwnerOfOthers } from '@/lib/db/company-membership';
import { reviews, users, type User } from '@/lib/db/schema';
import { isTwoFactorOn } from '@/lib/two-factor';
import { badRequest, conflict, forbidden, unauthorized } from '@/lib/errors';
import { enqueueMail } from '@/lib/mail/outbox';
import {
  closeOrdersOfAccount,
  ordersOfClosedAccountChanged,
  settleOrdersOfClosingAccount,
} from '@/lib/orders/account-closure';
import { proveSecondFactor } from '@/lib/two-factor';
import type { CloseAccountInput } from '@/lib/validation/users';

/** The original's "requires-recent-login": closing is allowed this long after a sign-in without asking again. */
export const RECENT_LOGIN_MINUTES = 10;
export const RECENT_LOGIN_REQUIRED =
  'Please confirm it is you: enter your password or a two-factor code, or sign in again';
export const WRONG_PASSWORD = 'The password is not right';
export const LAST_ADMIN = 'The last admin can not close their account: make another admin first';
export const LAST_COMPANY_OWNER =
  'The last owner of a company can not close their account: make another member owner first';
const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';
// The same lock as removing a user: two admins closing or removing at once can not leave the shop without one.
const ADMIN_REMOVAL_LOCK = 7272728;

export interface ClosureContext {
  ip: string;
  origin: string;
  /** when the session the request carries signed in; null for a bearer token */
  signedInAt: number | null;
  now?: number;
}

/** What Close my account may ask for when the sign-in is not recent: the password, a two-factor code or both. */
export async function closeAccountOptions(
  actor: Actor | null,
): Promise<{ hasPassword: boolean; twoFactorOn: boolean }> {
  const caller = requireSignedIn(actor);
  const [user] = await getDb()
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId));
  return {
    hasPassword: Boolean(user?.passwordHash),
    twoFactorOn: await isTwoFactorOn(caller.userId),
  };
}

/** The recent-login rule: a recent sign-in, else the password or a second factor given now. */
async function confirmIdentity(
  user: User,
  input: CloseAccountInput,
  { ip, signedInAt, now = Date.now() }: ClosureContext,
): Promise<void> {
  if (signedInAt !== null && now - signedInAt <= RECENT_LOGIN_MINUTES * 60_000) return;
  if (input.code) {
    if (!(await isTwoFactorOn(user.id))) {
      throw badRequest('Two-factor authentication is off for this account', {
        code: 'Two-factor authentication is off for this account',
      });
    }
    return proveSecondFactor(user, input.code, { ip, now });
  }
  if (input.password) {
    // Reserved before the check, as a sign-in is: guesses here count toward the same lock.
    if (!(await reserveLoginAttempt(user.email, ip))) {
      throw badRequest(LOCKED, { password: LOCKED });
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw badRequest(WRONG_PASSWORD, { password: WRONG_PASSWORD });
    }
    return;
  }
  throw forbidden(RECENT_LOGIN_REQUIRED);
}

/**
 * Closes the caller's own account: unpaid orders are cancelled with their stock put back, paid orders stay with the
 * name and email replaced, reviews lose the email, every session ends and the account row is deleted, all in one
 * transaction with the confirmation mail (sent after commit by the outbox).
 */
export async function closeAccount(
  actor: Actor | null,
  input: CloseAccountInput,
  context: ClosureContext,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const caller = requireSignedIn(actor);
  const [user] = await getDb().select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw unauthorized();
  await confirmIdentity(user, input, context);
  await settleOrdersOfClosingAccount(user.id, context.origin);

  const result = await getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_REMOVAL_LOCK})`);
    if (user.role === 'admin') {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, 'admin'));
      if ((row?.count ?? 0) <= 1) throw conflict(LAST_ADMIN);
    }
    if (await isLastOwnerOfOthers(tx, user.id)) throw conflict(LAST_COMPANY_OWNER);
    const closed = await closeOrdersOfAccount(tx, user.id, context.origin);
    await tx.update(reviews).set({ email: '' }).where(eq(reviews.userId, user.id));
    await enqueueMail(tx, 'account_closed', user.email, {
      name: user.name ?? user.email,
      cancelledOrders: closed.cancelled,
      keptOrders: closed.kept,
    });
    // Copies of the session stop at once; the row's deletion below would refuse them too, this says so outright.
    await endAllSessions(user.id, tx);
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    return { cancelled: closed.cancelled, deleted: deleted.length };
  });
  ordersOfClosedAccountChanged(result.cancelled);
  return { acknowledged: true, deletedCount: result.deleted };
}
