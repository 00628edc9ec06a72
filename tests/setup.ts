import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeDb, connectPglite, setConnection } from '@/lib/db/client';
import { createPglite } from '@/lib/db/pglite';
import { resetDatabase } from './db';
// Before any route module loads: each names its path to the answer checks (tests/openapi-answers.ts).
import './openapi-answers';

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    await resetDatabase();
    return;
  }
  const snapshot = readFileSync(path.resolve('.test-data/migrated.tar.gz'));
  const pg = createPglite(undefined, { loadDataDir: new Blob([snapshot]) });
  setConnection(connectPglite(pg));
});

afterAll(async () => {
  await closeDb();
});
