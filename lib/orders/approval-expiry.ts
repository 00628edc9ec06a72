import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { checkouts } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/schedule';
import { mailOrigin } from '@/lib/mail/config';
import { ordersCancelled } from '@/lib/observability/metrics';
import { cancelWithin } from '@/lib/orders/cancellation';
import { ordersChanged } from '@/lib/orders/changes';

/** At most this many orders a run: the next run takes the rest. */
const BATCH = 100;

/**
 * Cancels the orders nobody approved in time, their stock put back and their buyers mailed. Each is claimed and
 * cancelled in a transaction of its own (its tools locked in id order, as every checkout locks them): the row lock
 * with SKIP LOCKED lets instances share the work, and an approval deciding at the same moment either waits for the
 * cancel and finds nothing to approve, or wins and leaves nothing overdue.
 */
export async function expireApprovals(
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<number> {
  let cancelled = 0;
  for (let turn = 0; turn < BATCH; turn++) {
    const done = await db.transaction(async (tx) => {
      const [overdue] = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(
          and(eq(checkouts.approval, 'awaiting'), sql`${checkouts.approvalExpiresAt} <= now()`),
        )
        .orderBy(asc(checkouts.approvalExpiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!overdue) return null;
      return cancelWithin(tx, overdue.id, { by: 'approval_expired', origin, notify: true });
    });
    if (done === null) break;
    if (done > 0) cancelled++;
  }
  if (cancelled > 0) {
    ordersChanged();
    ordersCancelled.inc({ by: 'approval_expired' }, cancelled);
  }
  return cancelled;
}

export const APPROVAL_EXPIRY_JOB: ScheduledJob = {
  name: 'approval-expiry',
  // An hour-long wait is three days; a minute late is on time. The claim is one indexed read (checkouts_awaiting_idx).
  everyMs: 60_000,
  run: () => expireApprovals(),
};
