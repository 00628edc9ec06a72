import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { unauthorized } from '@/lib/errors';

/**
 * Takes the account's row lock for the rest of the transaction: a cart's edits and its checkout run one at a time
 * per account, so the 100-line cap holds and a checkout places exactly the lines it read. NO KEY UPDATE leaves the
 * foreign-key checks of other writes (an order, a review) free to proceed.
 */
export async function lockAccount(
  tx: Database,
  userId: string,
): Promise<{ email: string; name: string }> {
  const [account] = await queryRows<{ email: string; name: string }>(
    tx,
    sql`SELECT email, coalesce(name, email) AS name FROM ${users}
        WHERE id = ${userId} AND disabled_at IS NULL FOR NO KEY UPDATE`,
  );
  if (!account) throw unauthorized();
  return account;
}
