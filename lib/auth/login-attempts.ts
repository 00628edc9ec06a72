import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';
import {
  forgetLocks,
  knownLock,
  oneAtATime,
  refusedFromMemory,
  rememberLock,
} from '@/lib/auth/lock-memory';

/** Failures of one email from one address that lock that pair: a stranger elsewhere is not locked out. */
export const MAX_FAILURES = 10;
/**
 * Failures of one email from all addresses together that lock the email everywhere: the bound on guessing a
 * password when the addresses are many or forged. The owner is never locked out by it: a refused sign-in is offered
 * the emailed link (docs/DECISIONS.md, "login throttling").
 */
export const MAX_ACCOUNT_FAILURES = 50;
export const LOCK_MINUTES = 15;
// The first key of the two-key advisory locks that serialise one email's reservations (the second is its hash).
const LOGIN_LOCK_SPACE = 7272729;

const windowStart = (now = Date.now()) => new Date(now - LOCK_MINUTES * 60_000);

/**
 * Reserves one sign-in attempt for this email from this address before the password is verified, or answers null
 * while either bound is reached. The attempt counts as a failure until clearLoginFailures takes it back.
 *
 * A refusal costs no database work once this instance has seen the lock (lib/auth/lock-memory.ts), so a flood
 * against one account is answered at full speed and holds no connection. The attempts still to be counted wait
 * their turn in this process, not on a database connection; across instances an advisory lock per email makes
 * count-then-insert one step, so the bounds hold exactly however many attempts arrive at once. No lock is held
 * across the password hash.
 */
export async function reserveLoginAttempt(
  email: string,
  ip: string,
  device: string | null = null,
): Promise<string | null> {
  const source = attemptSource(ip, device);
  if (refusedByKnownLock(email, ip, device)) return null;
  return oneAtATime(email, async () => {
    if (knownLock(email, source, device === null)) return null;
    return getDb().transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}, hashtext(${email}))`);
      if (await rememberedLockOf(tx, email, source, device === null)) return null;
      const [attempt] = await tx
        .insert(loginAttempts)
        .values({ email, ip: source })
        .returning({ id: loginAttempts.id });
      return attempt!.id;
    });
  });
}

/**
 * What an attempt is counted under: a device that signed into this account before (lib/auth/device-cookie.ts), else
 * the client address. The device's failures still count toward the account-wide bound for everyone else.
 */
export const attemptSource = (ip: string, device: string | null) =>
  device === null ? ip : `device:${device}`;

/**
 * Whether this instance knows this email to be locked from this address (or everywhere, unless the attempt comes
 * from a device that signed in before): the refusal that costs no database work. A remembered lock about to lapse
 * here is confirmed with the database in the background.
 */
export const refusedByKnownLock = (email: string, ip: string, device: string | null = null) => {
  const source = attemptSource(ip, device);
  return refusedFromMemory(
    email,
    source,
    async () => {
      await rememberedLockOf(getDb(), email, source, device === null);
    },
    device === null,
  );
};

/** Whether a bound is reached for this email from this source, remembering a lock it finds. */
async function rememberedLockOf(
  executor: Parameters<typeof queryRows>[0],
  email: string,
  ip: string,
  accountWide: boolean,
): Promise<boolean> {
  const now = Date.now();
  const [row] = await queryRows<{
    fromAddress: number;
    fromAll: number;
    oldestFromAddress: Date | string | null;
    oldestFromAll: Date | string | null;
  }>(
    executor,
    sql`SELECT count(*) FILTER (WHERE ip = ${ip})::int AS "fromAddress", count(*)::int AS "fromAll",
          min(attempted_at) FILTER (WHERE ip = ${ip}) AS "oldestFromAddress",
          min(attempted_at) AS "oldestFromAll"
        FROM ${loginAttempts} WHERE email = ${email} AND attempted_at > ${windowStart(now)}`,
  );
  // Each lock lasts at least until its oldest counted failure leaves the window.
  const unlockAt = (oldest: Date | string | null | undefined) =>
    new Date(oldest ?? now).getTime() + LOCK_MINUTES * 60_000;
  if (accountWide && (row?.fromAll ?? 0) >= MAX_ACCOUNT_FAILURES) {
    rememberLock(email, null, unlockAt(row?.oldestFromAll));
    return true;
  }
  if ((row?.fromAddress ?? 0) >= MAX_FAILURES) {
    rememberLock(email, ip, unlockAt(row?.oldestFromAddress));
    return true;
  }
  return false;
}

/** Keeps the table small: attempts older than the window no longer count. */
export async function forgetOldLoginAttempts(): Promise<void> {
  await getDb().delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart()));
}

/** A successful sign-in takes back this pair's failures, its own reservation among them. */
export async function clearLoginFailures(email: string, ip: string): Promise<void> {
  await getDb()
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
  forgetLocks(email, ip);
}

/** A new password starts with a clean slate: the old one's failures no longer say anything. */
export async function clearAllLoginFailures(email: string): Promise<void> {
  await getDb().delete(loginAttempts).where(eq(loginAttempts.email, email));
  forgetLocks(email, null);
}
