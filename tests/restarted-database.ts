import { rmSync } from 'node:fs';
import { connectPglite, getDb, type Database } from '@/lib/db/client';
import { createPglite } from '@/lib/db/pglite';

/**
 * The database a restarted shop finds after a crash test killed its child process: on PostgreSQL the shared test
 * database (`directory` undefined), on PGlite the child's own files, reopened here and removed by `close`.
 */
export function restartedDatabase(directory: string | undefined): {
  db: Database;
  close: () => Promise<void>;
} {
  if (!directory) return { db: getDb(), close: async () => undefined };
  const connection = connectPglite(createPglite(directory));
  return {
    db: connection.db,
    close: async () => {
      await connection.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
