import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';

/** Failures of one email from one address that lock that pair: a stranger elsewhere is not locked out. */
export const MAX_FAILURES = 10;
/**
 * Failures of one email from all addresses together that lock the email everywhere: the bound on guessing a
 * password when the addresses are many or forged (X-Forwarded-For is the client's word without a proxy in front).
 */
export const MAX_ACCOUNT_FAILURES = 50;
export const LOCK_MINUTES = 15;

const windowStart = () => new Date(Date.now() - LOCK_MINUTES * 60_000);

/** True when this email failed too often within the window, from this address or from all of them together. */
export async function isLoginLocked(email: string, ip: string): Promise<boolean> {
  const [row] = await getDb()
    .select({
      fromAddress: sql<number>`count(*) FILTER (WHERE ${loginAttempts.ip} = ${ip})::int`,
      fromAll: sql<number>`count(*)::int`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), gt(loginAttempts.attemptedAt, windowStart())));
  return (row?.fromAddress ?? 0) >= MAX_FAILURES || (row?.fromAll ?? 0) >= MAX_ACCOUNT_FAILURES;
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const db = getDb();
  await db.insert(loginAttempts).values({ email, ip });
  // Keeps the table small: attempts older than the window no longer count.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart()));
}

export async function clearLoginFailures(email: string, ip: string): Promise<void> {
  await getDb()
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
}

/** A new password starts with a clean slate: the old one's failures no longer say anything. */
export async function clearAllLoginFailures(email: string): Promise<void> {
  await getDb().delete(loginAttempts).where(eq(loginAttempts.email, email));
}
