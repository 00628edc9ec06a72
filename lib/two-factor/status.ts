import { and, eq, isNotNull } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { twoFactor } from '@/lib/db/schema';

/** Whether the account asks for a second factor at sign-in (an enrolment waiting for its first code does not). */
export async function isTwoFactorOn(userId: string, db: Database = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row !== undefined;
}
