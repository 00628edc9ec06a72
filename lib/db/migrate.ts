import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { Client } from 'pg';
import { databaseKind, getDb } from './client';
import { directDatabaseUrl } from '@/lib/env';

const migrationsFolder = path.join(process.cwd(), 'lib/db/migrations');
// Any fixed number: instances starting together take turns on it.
const MIGRATION_LOCK = 7_272_727;

/** Applies pending migrations. On PostgreSQL several instances may start at once, so they take an advisory lock. */
export async function migrateDatabase(): Promise<void> {
  if (databaseKind() === 'pglite') {
    await migratePglite(getDb() as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // The session-level advisory lock needs a session of its own: the primary itself, never through a pooler.
  const client = new Client({ connectionString: directDatabaseUrl() });
  await client.connect();
  try {
    const db = drizzle({ client });
    await db.execute(sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(db, { migrationsFolder });
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end();
  }
}
