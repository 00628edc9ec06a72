import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { throttleHits } from '@/lib/db/schema';
import { tooManyRequests } from '@/lib/errors';

/** One limit on an action: at most `limit` in `windowMinutes` for this bucket ("quote:account:<id>"). */
export interface ThrottleBucket {
  bucket: string;
  limit: number;
  windowMinutes: number;
}

/**
 * Counts one action in each bucket, inside the transaction that takes the action, or refuses it (429 with
 * Retry-After, `message`) when any bucket is full. Each bucket's advisory lock is held to the end of the transaction,
 * taken in name order, so concurrent actions of one account or client count one after another: 300 at once never
 * pass a limit of 20, and a rolled-back action is not counted.
 */
export async function takeThrottleSlots(
  tx: Database,
  buckets: readonly ThrottleBucket[],
  message: string,
): Promise<void> {
  const sorted = [...buckets].sort((a, b) => a.bucket.localeCompare(b.bucket));
  let waitSeconds = 0;
  for (const { bucket, limit, windowMinutes } of sorted) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 7))`);
    const [row] = await queryRows<{ taken: number; oldest: number | null }>(
      tx,
      sql`SELECT count(*)::int AS taken, extract(epoch FROM min(at))::float8 AS oldest
          FROM ${throttleHits}
          WHERE bucket = ${bucket} AND at > now() - make_interval(mins => ${windowMinutes})`,
    );
    if ((row?.taken ?? 0) >= limit) {
      const leavesWindow = (row?.oldest ?? Date.now() / 1000) + windowMinutes * 60;
      waitSeconds = Math.max(waitSeconds, leavesWindow - Date.now() / 1000);
    }
  }
  if (waitSeconds > 0) throw tooManyRequests(message, waitSeconds);
  await tx.insert(throttleHits).values(sorted.map(({ bucket }) => ({ bucket })));
  // Rows past every window are kept from piling up by the bucket's own next action.
  await tx.execute(
    sql`DELETE FROM ${throttleHits} WHERE bucket IN (${sql.join(
      sorted.map(({ bucket }) => sql`${bucket}`),
      sql`, `,
    )}) AND at < now() - interval '1 day'`,
  );
}
