import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Credential } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { idempotencyKeys } from '@/lib/db/schema';
import { badRequest, conflict, unauthorized } from '@/lib/errors';

/**
 * How long a key answers its first result (docs/ARCHITECTURE.md, Production topology: shared by every instance through
 * PostgreSQL).
 */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface StoredResult {
  status: number;
  body: unknown;
}

const isForeignKeyViolation = (error: unknown): boolean =>
  [error, (error as { cause?: unknown })?.cause].some(
    (cause) => (cause as { code?: unknown })?.code === '23503',
  );

const windowStart = () => new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000);

/** The Idempotency-Key a request carries: absent is null, anything but 1–255 visible ASCII characters is a 400. */
function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get('idempotency-key');
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

/**
 * Runs a write once per key: the first request claims the key and does the work in one transaction with storing its
 * answer, so a retry (the client never heard the answer) gets that answer again and writes nothing, and a request
 * that failed or died leaves no claim behind. A concurrent request with the same key waits on the claim's row lock
 * and then answers what the first one stored. Failures (4xx) are not stored: the client may correct and retry.
 */
async function runIdempotent(
  owner: Pick<Credential, 'userId'>,
  key: string | null,
  request: { call: string; input: unknown },
  work: (db: Database) => Promise<StoredResult>,
): Promise<StoredResult & { replayed: boolean }> {
  if (key === null) return { ...(await work(getDb())), replayed: false };
  const requestHash = createHash('sha256')
    .update(`${request.call}\n${JSON.stringify(request.input)}`)
    .digest('hex');
  return getDb().transaction(async (tx) => {
    // The account's expired keys are forgotten here (an index range of its own rows), so an old key's claim below
    // starts afresh and the table holds one day of keys.
    await tx
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, owner.userId), lt(idempotencyKeys.createdAt, windowStart())),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: owner.userId, key, requestHash, status: 0, body: sql`'null'::jsonb` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .catch((error: unknown) => {
        // A caller known by its credential alone (POST /api/order reads the account in its own statement): a
        // removed account has no row to own the key, and names nobody.
        throw isForeignKeyViolation(error) ? unauthorized() : error;
      });
    if (claimed.length === 0) return replay(tx, owner, key, requestHash);
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: result.status, body: result.body })
      .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, key)));
    return { ...result, replayed: false };
  });
}

async function replay(
  db: Database,
  owner: Pick<Credential, 'userId'>,
  key: string,
  requestHash: string,
): Promise<StoredResult & { replayed: true }> {
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, owner.userId), eq(idempotencyKeys.key, key)));
  if (!first) throw conflict('This Idempotency-Key is in use, please try again');
  if (first.requestHash !== requestHash) {
    throw conflict('This Idempotency-Key was used for a different request');
  }
  return { status: first.status, body: first.body, replayed: true };
}

/**
 * Answers a write that takes an Idempotency-Key (read from the request here, after identity and body): the first
 * request with a key does the work and stores its answer, a retry gets that answer (`Idempotent-Replayed: true`).
 */
export async function respondOnce<T>(
  request: Request,
  owner: Pick<Credential, 'userId'>,
  /** `status`: fixed, or read from the answer (a checkout that waits for approval is 202, not 201) */
  first: { call: string; input: unknown; status: number | ((body: T) => number) },
  work: (db: Database) => Promise<T>,
): Promise<Response> {
  const result = await runIdempotent(owner, idempotencyKeyOf(request), first, async (db) => {
    const body = await work(db);
    return {
      status: typeof first.status === 'number' ? first.status : first.status(body),
      body,
    };
  });
  return Response.json(result.body, {
    status: result.status,
    headers: result.replayed ? { 'Idempotent-Replayed': 'true' } : undefined,
  });
}
