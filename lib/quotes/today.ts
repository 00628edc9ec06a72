import { sql } from 'drizzle-orm';

// A quote is valid through its valid-until day, in UTC, on every instance and in SQL alike.

export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Today's date in UTC, as the database sees it (the clock that judges an acceptance). */
export const todayUtcSql = sql`(now() AT TIME ZONE 'UTC')::date`;
