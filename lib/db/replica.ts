import type { SQL } from 'drizzle-orm';
import { getDb, getReplicaDb, queryRows, type Database } from '@/lib/db/client';
import { log } from '@/lib/process/log.mjs';

// After the replica failed, the primary serves its reads for this long before the replica is tried again: a stopped
// replica must not cost every read a failed connection attempt first.
const RETRY_REPLICA_AFTER_MS = 5_000;

// Errors that say the replica, not the query, is at fault: it is down, restarting, refusing connections, or
// cancelled the read because replaying the primary's changes needed its rows (a recovery conflict).
const REPLICA_FAULT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '40001', // serialization_failure: canceled on conflict with recovery
  '53300', // too_many_connections
]);

function isReplicaFault(error: unknown): boolean {
  const { code, message, cause } = (error ?? {}) as {
    code?: string;
    message?: string;
    cause?: unknown;
  };
  if (code && (REPLICA_FAULT_CODES.has(code) || code.startsWith('08'))) return true;
  // node-postgres's own failures carry no code.
  if (
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
      message ?? '',
    )
  )
    return true;
  // Drizzle wraps the driver's error in its own.
  return cause !== undefined && isReplicaFault(cause);
}

const state = globalThis as typeof globalThis & { __toolhausReplicaDownUntil?: number };

/**
 * A read that may be a moment behind: the catalogue, search, product pages and analytics. With DATABASE_REPLICA_URL
 * it runs on the streaming replica, and on the primary when the replica fails; without, on the primary. Never for
 * what a buyer just wrote (their cart, orders, invoices) nor inside a write: those read the primary.
 */
export async function readFromReplica<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const replica = getReplicaDb();
  if (!replica || Date.now() < (state.__toolhausReplicaDownUntil ?? 0)) return read(getDb());
  try {
    return await read(replica);
  } catch (error) {
    if (!isReplicaFault(error)) throw error;
    state.__toolhausReplicaDownUntil = Date.now() + RETRY_REPLICA_AFTER_MS;
    log.warn({ err: error }, 'Read replica failed: reading from the primary');
    return read(getDb());
  }
}

/** Tests: try the replica again at once. */
export function forgetReplicaFault(): void {
  state.__toolhausReplicaDownUntil = undefined;
}

/** Rows of a raw SQL read on the replica (as readFromReplica). */
export const replicaRows = <Row>(query: SQL) => readFromReplica((db) => queryRows<Row>(db, query));
