import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { log } from '@/lib/process/log.mjs';
import { SESSION_SETTINGS } from './session-settings';

/**
 * The embedded database with the extensions the schema uses (pg_trgm: catalogue search tolerates typos) and the
 * session settings the server connections get, so that PGlite runs the same migrations and SQL as PostgreSQL.
 * Every PGlite the project opens comes from here.
 */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): PGlite {
  const db = new PGlite({ ...options, dataDir, extensions: { ...options.extensions, pg_trgm } });
  // Queued before anything else the caller sends: PGlite runs statements one at a time, in order.
  db.exec(
    Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `SET ${name} = ${value};`)
      .join('\n'),
  ).catch((error: unknown) => log.warn({ err: error }, 'embedded database settings not applied'));
  return db;
}
