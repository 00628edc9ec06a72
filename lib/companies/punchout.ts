import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { KEY_CAN_NOT_CALL_THIS } from '@/lib/auth/api-key-gate';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { lockCompany } from '@/lib/db/company-membership';
import { isUniqueViolation } from '@/lib/db/errors';
import { punchoutSettings, users, type PunchoutSettings } from '@/lib/db/schema';
import { conflict, forbidden, notFound } from '@/lib/errors';
import { hashPunchoutSecret, newOciUsername, newPunchoutSecret } from '@/lib/auth/punchout-secret';
import type { PunchoutSecretsDto, PunchoutSettingsDto } from '@/lib/types';
import {
  punchoutSettingsSchema,
  type PunchoutSettingsInput,
} from '@/lib/validation/punchout-settings';
import { requireCompanyRole } from './membership';

// A company's punch-out settings (docs/DECISIONS.md, "Punch-out sessions and purchase orders"): its owners say who
// their procurement system is and where OCI may send carts; the shop makes the SharedSecret and the OCI password and
// shows them once. Punch-out's orders are placed as the owner who saved the settings last.

const NOT_SET_UP = 'Punch-out is not set up';
const IDENTITY_TAKEN = 'Another company uses this cXML identity';

/** An owner, in person (never a key: a key must not mint credentials), and not an admin's account. */
async function requireOwner(actor: Actor | null, db: Database) {
  if (requireSignedIn(actor).key) throw forbidden(KEY_CAN_NOT_CALL_THIS);
  const owner = await requireCompanyRole(actor, ['owner'], db);
  if (owner.actor.role === 'admin') throw forbidden('Admin accounts can not set up punch-out');
  return owner;
}

async function toDto(db: Database, row: PunchoutSettings): Promise<PunchoutSettingsDto> {
  const [buyer] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.buyerId));
  return {
    configured: true,
    cxmlDomain: row.cxmlDomain,
    cxmlIdentity: row.cxmlIdentity,
    ociUsername: row.ociUsername,
    hookUrls: row.hookUrls,
    buyer: buyer?.email ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const newSecrets = () => ({ sharedSecret: newPunchoutSecret(), ociPassword: newPunchoutSecret() });

/** `GET /api/company/punchout` (owners). */
export async function readPunchoutSettings(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<PunchoutSettingsDto> {
  const owner = await requireOwner(actor, db);
  const [row] = await db
    .select()
    .from(punchoutSettings)
    .where(eq(punchoutSettings.companyId, owner.companyId));
  return row ? toDto(db, row) : { configured: false };
}

/**
 * `PUT /api/company/punchout` (owners): the first save makes the secrets and answers them (201, `created`); a later
 * one changes the identity and the HOOK_URLs only. Either way the caller becomes the account orders are placed as.
 */
export async function savePunchoutSettings(
  actor: Actor | null,
  input: PunchoutSettingsInput,
  db: Database = getDb(),
): Promise<{ created: boolean; settings: PunchoutSettingsDto & Partial<PunchoutSecretsDto> }> {
  const owner = await requireOwner(actor, db);
  const { cxmlDomain, cxmlIdentity, hookUrls } = punchoutSettingsSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      const company = await lockCompany(tx, owner.companyId);
      const [before] = await tx
        .select()
        .from(punchoutSettings)
        .where(eq(punchoutSettings.companyId, owner.companyId));
      const fields = { cxmlDomain, cxmlIdentity, hookUrls, buyerId: owner.actor.userId };
      const secrets = before ? null : newSecrets();
      const [row] = secrets
        ? await tx
            .insert(punchoutSettings)
            .values({
              companyId: owner.companyId,
              ...fields,
              sharedSecretHash: hashPunchoutSecret(secrets.sharedSecret),
              ociUsername: newOciUsername(),
              ociPasswordHash: hashPunchoutSecret(secrets.ociPassword),
            })
            .returning()
        : await tx
            .update(punchoutSettings)
            .set({ ...fields, updatedAt: sql`now()` })
            .where(eq(punchoutSettings.companyId, owner.companyId))
            .returning();
      await recordAudit(tx, {
        actor: owner.actor,
        action: 'punchout.settings',
        target: `punch-out of ${company?.name ?? owner.companyId}`,
        before: before
          ? {
              cxmlDomain: before.cxmlDomain,
              cxmlIdentity: before.cxmlIdentity,
              hookUrls: before.hookUrls,
            }
          : undefined,
        after: { cxmlDomain, cxmlIdentity, hookUrls },
      });
      const settings = await toDto(tx, row!);
      return {
        created: secrets !== null,
        settings: secrets ? { ...settings, ...secrets } : settings,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(IDENTITY_TAKEN, { cxmlIdentity: IDENTITY_TAKEN });
    throw error;
  }
}

/** `POST /api/company/punchout/credentials` (owners): new secrets; the old ones stop at once. */
export async function renewPunchoutSecrets(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<PunchoutSettingsDto & PunchoutSecretsDto> {
  const owner = await requireOwner(actor, db);
  const secrets = newSecrets();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(punchoutSettings)
      .set({
        sharedSecretHash: hashPunchoutSecret(secrets.sharedSecret),
        ociPasswordHash: hashPunchoutSecret(secrets.ociPassword),
        updatedAt: sql`now()`,
      })
      .where(eq(punchoutSettings.companyId, owner.companyId))
      .returning();
    if (!row) throw notFound(NOT_SET_UP);
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'punchout.credentials',
      target: `punch-out of company ${owner.companyId}`,
      after: { renewedAt: row.updatedAt.toISOString() },
    });
    return { ...(await toDto(tx, row)), ...secrets };
  });
}
