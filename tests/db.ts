import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

/** Empties every table (PostgreSQL runs: files share one database and take turns). */
export async function resetDatabase(): Promise<void> {
  await getDb().execute(
    sql`TRUNCATE users, accounts, sessions, verification_tokens, tools, orders, reviews, payment_intents, processed_events, login_attempts, mail_outbox, one_time_tokens, mail_requests, idempotency_keys, document_counters, invoices, audit_log, throttle_hits RESTART IDENTITY CASCADE`,
  );
}
