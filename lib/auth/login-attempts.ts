import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';

/** Failures of one email from one address that lock that pair: a stranger elsewhere is not locked out. */
export const MAX_FAILURES = 10;
/**
 * Failures of one email from all addresses together that lock the email everywhere: the bound on guessing a
 * password when the addresses are many or forged (X-Forwarded-For is the client's word without a proxy in front).
 */
export const MAX_ACCOUNT_FAILURES = 50;
export const LOCK_MINUTES = 15;
// The first key of the two-key advisory locks that serialise one email's reservations (the second is its hash).
const LOGIN_LOCK_SPACE = 7272729;

const windowStart = () => new Date(Date.now() - LOCK_MINUTES * 60_000);

/**
 * Reserves one sign-in attempt for this email from this address before the password is verified, or answers null
 * while either bound is reached. The attempt counts as a failure until clearLoginFailures takes it back. An advisory
 * lock per email makes count-then-insert one step on every instance, so the bounds hold exactly however many
 * attempts arrive at once; without it, every attempt in flight saw the same count under the bound.
 */
export async function reserveLoginAttempt(email: string, ip: string): Promise<string | null> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_SPACE}, hashtext(${email}))`);
    const [row] = await queryRows<{ fromAddress: number; fromAll: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE ip = ${ip})::int AS "fromAddress", count(*)::int AS "fromAll"
          FROM ${loginAttempts} WHERE email = ${email} AND attempted_at > ${windowStart()}`,
    );
    if ((row?.fromAddress ?? 0) >= MAX_FAILURES || (row?.fromAll ?? 0) >= MAX_ACCOUNT_FAILURES) {
      return null;
    }
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ email, ip })
      .returning({ id: loginAttempts.id });
    return attempt!.id;
  });
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
}

/** A new password starts with a clean slate: the old one's failures no longer say anything. */
export async function clearAllLoginFailures(email: string): Promise<void> {
  await getDb().delete(loginAttempts).where(eq(loginAttempts.email, email));
}
