import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { documentCounters } from '@/lib/db/schema';

export type Series = 'INV' | 'CN';

/**
 * The next number of a series in the current (UTC) year, "INV-2026-000001", taken in the caller's transaction: the
 * counter's row stays locked until that transaction ends, so concurrent issuers queue, and a rollback (or a crash
 * before commit) hands the number back. Numbers are therefore gap-free and never reused.
 */
export async function allocateNumber(tx: Database, series: Series, year: number): Promise<string> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO ${documentCounters} (series, year, last) VALUES (${series}, ${year}, 1)
        ON CONFLICT (series, year) DO UPDATE SET last = ${documentCounters.last} + 1
        RETURNING last`,
  );
  return `${series}-${year}-${String(row!.last).padStart(6, '0')}`;
}

/**
 * The next shipment number (1001, 1002, …), one series for all years, from the same counters and in the caller's
 * transaction, for the same reason: gap-free, never reused.
 */
export async function allocateShipmentNumber(tx: Database): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO ${documentCounters} (series, year, last) VALUES ('S', 0, 1001)
        ON CONFLICT (series, year) DO UPDATE SET last = ${documentCounters.last} + 1
        RETURNING last`,
  );
  return row!.last;
}
