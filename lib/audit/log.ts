import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
import type { AuditQuery } from '@/lib/validation/audit';

/** Entries per page of the audit log (API and page alike). */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditItem {
  at: string;
  actorEmail: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

function conditions(query: AuditQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.action) parts.push(eq(auditLog.action, query.action));
  if (query.actor) parts.push(ilike(auditLog.actorEmail, `%${escapeLike(query.actor)}%`));
  if (query.from) parts.push(sql`${auditLog.at} >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to)
    parts.push(sql`${auditLog.at} < (${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return and(...parts);
}

/** A page of the audit log (admins), newest first, and how many entries match the filters in all. */
export async function listAuditLog(
  actor: Actor | null,
  query: AuditQuery,
): Promise<{ items: AuditItem[]; total: number }> {
  requireAdmin(actor);
  const db = getDb();
  const where = conditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      actorEmail: row.actorEmail,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      ip: row.ip,
    })),
    total: counted?.total ?? 0,
  };
}
