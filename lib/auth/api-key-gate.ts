import { sql } from 'drizzle-orm';
import type { Credential } from '@/lib/auth/actor';
import { hashApiKey } from '@/lib/auth/api-key-secret';
import { scopeOfRoute } from '@/lib/auth/api-key-routes';
import { recordAudit } from '@/lib/audit/record';
import { getDb, queryRows } from '@/lib/db/client';
import { apiKeys, companyMembers, users } from '@/lib/db/schema';
import { forbidden, tooManyRequests, unauthorized } from '@/lib/errors';
import type { ApiKeyScope } from '@/lib/validation/api-keys';
import { clientAddress } from '@/lib/client-request';

// A call made with an API key (`Authorization: Bearer tk_live_…`): who it is (the key, 401 when it names nobody), then
// whether a key may make this call at all and with which scope (403), then its minute's throttle (429). What passes
// acts as the owner who made the key, as a customer, for that company (lib/auth/caller.ts).

/** Calls one key may make in a minute; every instance counts in the key's row, so the limit holds across them. */
export const API_KEY_CALLS_PER_MINUTE = 600;

export const KEY_CAN_NOT_CALL_THIS = 'API keys can not call this';
export const lacksScope = (scope: ApiKeyScope) => `This API key lacks the scope ${scope}`;

interface KeyRow {
  id: string;
  company_id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  user_id: string;
  email: string;
  session_version: number;
  window_count: number;
  retry_after: number;
}

/**
 * One statement finds the key and counts this call in its minute: a key that is revoked, expired, or whose maker is
 * disabled, an admin, or no longer an owner of the key's company finds no row. The count and the last use are the one
 * write of a call, on the key's own row (no lock beyond it, no row per call).
 */
async function findAndCount(key: string): Promise<KeyRow | undefined> {
  const minute = sql`date_trunc('minute', now())`;
  const [row] = await queryRows<KeyRow>(
    getDb(),
    sql`UPDATE ${apiKeys} AS k SET
          window_count = CASE WHEN k.window_started_at = ${minute} THEN k.window_count + 1 ELSE 1 END,
          window_started_at = ${minute},
          last_used_at = now()
        FROM ${users} AS u, ${companyMembers} AS m
        WHERE k.key_hash = ${hashApiKey(key)} AND k.revoked_at IS NULL AND k.expires_at > now()
          AND u.id = k.created_by AND u.disabled_at IS NULL AND u.role = 'customer'
          AND m.user_id = k.created_by AND m.company_id = k.company_id AND m.role = 'owner'
        RETURNING k.id, k.company_id, k.name, k.prefix, k.scopes, u.id AS user_id, u.email,
          u.session_version, k.window_count,
          extract(epoch FROM (k.window_started_at + interval '1 minute' - now()))::float8 AS retry_after`,
  );
  return row;
}

/** The credential an API key vouches for on this request, or the 401, 403 or 429 that refuses it. */
export async function apiKeyCredential(request: Request, key: string): Promise<Credential> {
  const row = await findAndCount(key);
  if (!row) throw unauthorized('This API key is not valid, or was revoked or expired');
  if (row.window_count > API_KEY_CALLS_PER_MINUTE) {
    throw tooManyRequests(
      `An API key makes at most ${API_KEY_CALLS_PER_MINUTE} calls a minute`,
      row.retry_after,
    );
  }
  const { pathname } = new URL(request.url);
  const scope = scopeOfRoute(request.method, pathname);
  if (!scope) throw forbidden(KEY_CAN_NOT_CALL_THIS);
  if (!row.scopes.includes(scope)) throw forbidden(lacksScope(scope));
  // A call that may write is on the audit log before it runs: no write by a key goes unrecorded, even one that
  // then fails (the entry says what was called, not what it did).
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    await recordAudit(getDb(), {
      actor: { userId: row.user_id, email: row.email, address: clientAddress(request) },
      action: 'api_key.use',
      target: `api key ${row.prefix}… (${row.name})`,
      after: { keyId: row.id, call: `${request.method} ${pathname}` },
    });
  }
  return {
    userId: row.user_id,
    sessionVersion: row.session_version,
    key: { id: row.id, companyId: row.company_id, scopes: row.scopes },
  };
}
