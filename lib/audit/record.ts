import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import type { AuditAction } from '@/lib/validation/audit';

/** A value as the log keeps it: JSON, so before/after read the same on every database. */
export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  /** who acted: the admin's Actor, or for a failed sign-in the address that was tried (no account id) */
  actor: Pick<Actor, 'email'> & { userId?: string | null; address?: string };
  action: AuditAction;
  /** what was acted on, readably: "tool <id> (Claw Hammer)", "user someone@example.com", "order #1042" */
  target: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** the client address; defaults to the one the actor's request came from (lib/auth/caller.ts) */
  ip?: string | null;
}

/**
 * Records one admin action. Pass the transaction that makes the change (`db.transaction(async (tx) => …)`): the entry
 * commits with the change or not at all, so a refused or rolled-back action leaves no entry. The entry is only ever
 * inserted; nothing in the shop updates or deletes one (and the table's trigger refuses it).
 */
export async function recordAudit(tx: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.userId ?? null,
    actorEmail: entry.actor.email.toLowerCase(),
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? entry.actor.address ?? null,
  });
}

/**
 * The fields that differ between two versions of a row, each side holding only those: an edit's entry says what
 * changed, not the whole row. Values are compared as JSON (price breaks are arrays).
 */
export function changedFields<T extends AuditValues>(
  before: T,
  after: T,
): { before: AuditValues; after: AuditValues } {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}
