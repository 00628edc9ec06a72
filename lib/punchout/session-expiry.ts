import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { punchoutRequisitions, punchoutSessions } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/schedule';

/** How many ended punch-out sessions one run removes at most: short statements, the rest at the next run. */
const BATCH = 1000;

/**
 * Removes punch-out sessions that ended a day ago without a transfer: opened and abandoned, or whose StartPage was
 * never followed. A transferred session stays with its requisition, which purchase orders are held to. Every
 * instance may run it at once: the DELETE is its own claim, and SKIP LOCKED leaves a session in use to its owner.
 */
export async function removeAbandonedPunchoutSessions(): Promise<number> {
  const removed = await queryRows<{ id: string }>(
    getDb(),
    sql`DELETE FROM ${punchoutSessions} WHERE id IN (
          SELECT id FROM ${punchoutSessions} s
          WHERE s.expires_at <= now() - interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM ${punchoutRequisitions} r WHERE r.session_id = s.id)
          ORDER BY s.expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return removed.length;
}

export const PUNCHOUT_SESSION_EXPIRY_JOB: ScheduledJob = {
  name: 'punchout-session-expiry',
  // An ended session is already refused (every read checks expires_at): this only gives the space back.
  everyMs: 60 * 60_000,
  run: () => removeAbandonedPunchoutSessions(),
};
