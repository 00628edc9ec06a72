import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from './client';

let expectedMigrations: number | undefined;

/** How many migrations this build ships (drizzle-kit's journal), read once. */
function shippedMigrations(): number {
  expectedMigrations ??= (
    JSON.parse(
      readFileSync(path.join(process.cwd(), 'lib/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] }
  ).entries.length;
  return expectedMigrations;
}

export interface DatabaseStatus {
  reachable: boolean;
  migrationsApplied: boolean;
}

/** One cheap statement: does the database answer, and has it every migration this build ships? */
export async function databaseStatus(): Promise<DatabaseStatus> {
  try {
    const [row] = await queryRows<{ applied: number }>(
      getDb(),
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    return { reachable: true, migrationsApplied: (row?.applied ?? 0) >= shippedMigrations() };
  } catch {
    return { reachable: false, migrationsApplied: false };
  }
}
