import { eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';

/**
 * Ends every session of an account: session cookies and bearer tokens carry the version they were issued under and
 * stop working once it moves on, on every instance, because each request that reads the account compares them.
 * Accepts a transaction so that the bump commits with its cause (a password change, a demotion). Returns the new
 * version (0 when the account does not exist).
 */
export async function endAllSessions(
  userId: string,
  db: Pick<Database, 'update'> = getDb(),
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion ?? 0;
}
