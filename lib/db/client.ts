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
  /** The read replica's pool (DATABASE_REPLICA_URL), read through lib/db/replica.ts. */
  replica?: Database;
}

// One connection per process: Next's module graph may load this file more than once.
const holder = globalThis as typeof globalThis & { __toolhausDb?: Connection };

// Databases reached through a transaction pooler: a named prepared statement lives in one server session, which
// the pooler hands to another client after each transaction, so their statements go unnamed (lib/db/prepared-statements.ts).
const behindTransactionPooler = new WeakSet<Database>();

export const namedStatementsAllowed = (db: Database) => !behindTransactionPooler.has(db);

interface PostgresOptions {
  /** DATABASE_URL is PgBouncer in transaction mode: it refuses startup options, which its connect_query sets. */
  transactionPooling?: boolean;
  /** Fail over sooner: a replica that does not answer has the primary behind it. */
  connectTimeoutMs?: number;
}

function postgresPool(url: string, options: PostgresOptions): Pool {
  const timeouts = options.transactionPooling
    ? {}
    : { statement_timeout: 5000, lock_timeout: 3000, options: sessionOptions() };
  return new Pool({
    connectionString: url,
    max: getEnv().DATABASE_POOL_SIZE,
    // Bounded waits: during a database outage requests fail fast with 503 instead of hanging. The server cancels a
    // slow statement or lock wait itself (and so rolls its transaction back); the client-side query_timeout is only
    // the backstop for a server that stopped answering altogether.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    query_timeout: 10000,
    idleTimeoutMillis: 30000,
    ...timeouts,
  });
}

/** The primary (DATABASE_URL, perhaps through PgBouncer) and, when given, the read replica. */
export function connectPostgres(
  url: string,
  {
    replicaUrl,
    transactionPooling = false,
  }: { replicaUrl?: string; transactionPooling?: boolean } = {},
): Connection {
  const pool = postgresPool(url, { transactionPooling });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', (error) => log.error({ err: error }, 'PostgreSQL pool error'));
  observePool(pool);
  const db = drizzlePg({ client: pool, schema }) as Database;
  if (transactionPooling) behindTransactionPooler.add(db);
  const replicaPool = replicaUrl ? postgresPool(replicaUrl, { connectTimeoutMs: 1000 }) : null;
  replicaPool?.on('error', (error) => log.warn({ err: error }, 'PostgreSQL replica pool error'));
  return {
    db,
    kind: 'postgres',
    replica: replicaPool ? (drizzlePg({ client: replicaPool, schema }) as Database) : undefined,
    close: async () => {
      await Promise.all([pool.end(), replicaPool?.end()]);
    },
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
  const env = getEnv();
  if (env.DATABASE_URL) {
    return connectPostgres(env.DATABASE_URL, {
      replicaUrl: env.DATABASE_REPLICA_URL,
      transactionPooling: env.DATABASE_TRANSACTION_POOLING,
    });
  }
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

/** The read replica's pool, when DATABASE_REPLICA_URL is set; lib/db/replica.ts reads through it. */
export function getReplicaDb(): Database | undefined {
  return connection().replica;
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
