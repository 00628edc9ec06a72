import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { dataDir, getEnv } from '@/lib/env';
import { log } from '@/lib/process/log.mjs';
import { observePool } from '@/lib/observability/metrics';
import { createPglite } from './pglite';
import { sessionOptions } from './session-settings';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

interface Connection {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

// One connection per process: Next's module graph may load this file more than once.
const holder = globalThis as typeof globalThis & { __toolhausDb?: Connection };

function connectPostgres(url: string): Connection {
  const pool = new Pool({
    connectionString: url,
    max: getEnv().DATABASE_POOL_SIZE,
    // Bounded waits: during a database outage requests fail fast with 503 instead of hanging. The server cancels a
    // slow statement or lock wait itself (and so rolls its transaction back); the client-side query_timeout is only
    // the backstop for a server that stopped answering altogether.
    connectionTimeoutMillis: 3000,
    statement_timeout: 5000,
    lock_timeout: 3000,
    query_timeout: 10000,
    idleTimeoutMillis: 30000,
    options: sessionOptions(),
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'));
  observePool(pool);
  return {
    db: drizzlePg({ client: pool, schema }) as Database,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

export function connectPglite(client: PGlite): Connection {
  return {
    db: drizzlePglite({ client, schema }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}

function connect(): Connection {
  const url = getEnv().DATABASE_URL;
  if (url) return connectPostgres(url);
  const directory = path.join(dataDir(), 'pglite');
  // PGlite does not create parent directories itself.
  mkdirSync(directory, { recursive: true });
  return connectPglite(createPglite(directory));
}

function connection(): Connection {
  holder.__toolhausDb ??= connect();
  return holder.__toolhausDb;
}

export function getDb(): Database {
  return connection().db;
}

/** Rows of a raw SQL statement; both drivers (node-postgres and PGlite) answer with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export function databaseKind(): Connection['kind'] {
  return connection().kind;
}

/** Lets tests run the services on a database they prepared (an in-memory PGlite snapshot). */
export function setConnection(next: Connection): void {
  holder.__toolhausDb = next;
}

export async function closeDb(): Promise<void> {
  const current = holder.__toolhausDb;
  holder.__toolhausDb = undefined;
  await current?.close();
}
