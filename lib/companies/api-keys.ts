import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { KEY_CAN_NOT_CALL_THIS } from '@/lib/auth/api-key-gate';
import { newApiKey } from '@/lib/auth/api-key-secret';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { lockCompany } from '@/lib/db/company-membership';
import { apiKeys, users, type ApiKey } from '@/lib/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import type { ApiKeyDto } from '@/lib/types';
import { apiKeyCreateSchema, type ApiKeyCreateInput } from '@/lib/validation/api-keys';
import { idSchema } from '@/lib/validation/fields';
import { requireCompanyRole } from './membership';

// A company's API keys (docs/DECISIONS.md, "API keys"): its owners make, list and revoke them. A key acts as the owner
// who made it, so a key of an admin's account would carry an admin's reach: admins make none.

const KEY_NOT_FOUND = 'API key not found';
/** Enough for every system of a buyer; the cap keeps one company from filling the table. */
export const ACTIVE_KEYS_PER_COMPANY = 50;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toDto = (row: ApiKey, createdBy: string | null): ApiKeyDto => ({
  keyId: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyDto['scopes'],
  createdAt: row.createdAt.toISOString(),
  createdBy,
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  status: row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'active',
});

/** An owner of the caller's company, calling in person: a key never manages keys, not even its own. */
async function requireKeyOwner(actor: Actor | null, db: Database) {
  if (requireSignedIn(actor).key) throw forbidden(KEY_CAN_NOT_CALL_THIS);
  return requireCompanyRole(actor, ['owner'], db);
}

/** `GET /api/company/api-keys` (owners): every key of the company, newest first, without secrets. */
export async function listApiKeys(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<ApiKeyDto[]> {
  const owner = await requireKeyOwner(actor, db);
  const rows = await db
    .select({ key: apiKeys, createdBy: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, owner.companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toDto(row.key, row.createdBy));
}

/** `POST /api/company/api-keys` (owners) → 201 the key, with its secret `key`: the one time it is shown. */
export async function createApiKey(
  actor: Actor | null,
  input: ApiKeyCreateInput,
  db: Database = getDb(),
): Promise<ApiKeyDto & { key: string }> {
  const owner = await requireKeyOwner(actor, db);
  if (owner.actor.role === 'admin') throw forbidden('Admin accounts can not make API keys');
  const { name, scopes, expiresInDays } = apiKeyCreateSchema.parse(input);
  const secret = newApiKey();
  return db.transaction(async (tx) => {
    // Counted under the company's row lock, so concurrent creations cannot pass the cap together.
    await lockCompany(tx, owner.companyId);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.companyId, owner.companyId),
          isNull(apiKeys.revokedAt),
          sql`${apiKeys.expiresAt} > now()`,
        ),
      );
    if ((counted?.count ?? 0) >= ACTIVE_KEYS_PER_COMPANY) {
      throw conflict(`A company holds at most ${ACTIVE_KEYS_PER_COMPANY} active API keys`);
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: owner.companyId,
        createdBy: owner.actor.userId,
        name,
        scopes,
        prefix: secret.prefix,
        keyHash: secret.hash,
        expiresAt: sql`now() + make_interval(days => ${expiresInDays})`,
      })
      .returning();
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'api_key.create',
      target: `api key ${row!.prefix}… (${name})`,
      after: { keyId: row!.id, scopes, expiresAt: row!.expiresAt.toISOString() },
    });
    return { ...toDto(row!, owner.actor.email), key: secret.key };
  });
}

/** `DELETE /api/company/api-keys/{id}` (owners): the key stops at once; another company's key is a 404. */
export async function revokeApiKey(
  actor: Actor | null,
  keyId: string,
  db: Database = getDb(),
): Promise<ApiKeyDto> {
  const owner = await requireKeyOwner(actor, db);
  if (!idSchema.safeParse(keyId).success) throw notFound(KEY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ key: apiKeys, createdBy: users.email })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, owner.companyId)))
      .for('update', { of: apiKeys });
    if (!found) throw notFound(KEY_NOT_FOUND);
    // Revoking twice answers the same: the first revocation's time stays.
    if (found.key.revokedAt) return toDto(found.key, found.createdBy);
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.id, keyId))
      .returning();
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'api_key.revoke',
      target: `api key ${row!.prefix}… (${row!.name})`,
      before: { revokedAt: null },
      after: { revokedAt: row!.revokedAt!.toISOString() },
    });
    return toDto(row!, found.createdBy);
  });
}
