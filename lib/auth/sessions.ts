import { eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';

/**
 * Ends every session and bearer token of the account on every instance: they carry the version they were issued
 * under, which no longer matches. Takes a transaction so that the bump commits with the change that caused it.
 * Answers the new version.
 */
export async function endAllSessions(
  userId: string,
  db: Pick<Database, 'update'> = getDb(),
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.sessionVersion });
  return row?.version ?? 0;
}
