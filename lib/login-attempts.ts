import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { loginAttempts } from '@/lib/db/schema';

export const MAX_FAILURES = 10;
export const LOCK_MINUTES = 15;

const windowStart = () => new Date(Date.now() - LOCK_MINUTES * 60_000);

/** True when this email and IP pair failed too often within the window (kept in the database: shared by instances). */
export async function isLoginLocked(email: string, ip: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        gt(loginAttempts.attemptedAt, windowStart()),
      ),
    );
  return (row?.count ?? 0) >= MAX_FAILURES;
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
