import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SNAPSHOT = path.resolve('.test-data/migrated.tar.gz');

/** Migrates once: PGlite files load a snapshot (~0.5 s) instead of creating a database each (~2.5 s). */
export default async function setup() {
  process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
  const { setConnection, connectPglite, closeDb } = await import('../lib/db/client');
  const { migrateDatabase } = await import('../lib/db/migrate');
  if (process.env.DATABASE_URL) {
    await migrateDatabase();
    await closeDb();
    return;
  }
  const { createPglite } = await import('../lib/db/pglite');
  const pg = createPglite();
  setConnection(connectPglite(pg));
  await migrateDatabase();
  const dump = await pg.dumpDataDir('gzip');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await closeDb();
}
