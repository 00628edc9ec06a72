import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { lockCompany } from '@/lib/db/company-membership';
import { companyMembers, users, type CompanyMember } from '@/lib/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { toCents, toDollars } from '@/lib/money';
import { idSchema } from '@/lib/validation/fields';
import { memberUpdateSchema, type MemberUpdateInput } from '@/lib/validation/companies';
import { requireCompanyRole } from './membership';

const MEMBER_NOT_FOUND = 'Member not found';
export const LAST_OWNER = 'A company needs an owner: make another member owner first';

const shown = (member: Pick<CompanyMember, 'role' | 'spendingLimitCents'>) => ({
  role: member.role,
  spendingLimit: member.spendingLimitCents === null ? null : toDollars(member.spendingLimitCents),
});

/**
 * The owner's step on a member, under the company's row lock (so two owners demoting each other at once leave one):
 * the member must be of the owner's company (anyone else is a 404, as if unknown), and the company keeps an owner.
 */
async function changeMember<T>(
  actor: Actor | null,
  userId: string,
  db: Database,
  step: (
    tx: Database,
    context: {
      member: CompanyMember;
      email: string;
      company: string;
      owners: number;
      actor: Actor;
    },
  ) => Promise<T>,
): Promise<T> {
  const owner = await requireCompanyRole(actor, ['owner'], db);
  if (!idSchema.safeParse(userId).success) throw notFound(MEMBER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, owner.companyId);
    const [found] = await tx
      .select({ member: companyMembers, email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, owner.companyId)));
    if (!company || !found) throw notFound(MEMBER_NOT_FOUND);
    // Read again under the lock: the caller may have stopped being an owner since the check above.
    const [caller] = await tx
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.userId, owner.actor.userId));
    if (caller?.role !== 'owner') throw notFound(MEMBER_NOT_FOUND);
    const [owners] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, owner.companyId), eq(companyMembers.role, 'owner')));
    return step(tx, {
      member: found.member,
      email: found.email,
      company: company.name,
      owners: owners?.count ?? 0,
      actor: owner.actor,
    });
  });
}

/** `PUT /api/company/members/{userId}` (owners): a member's role and spending limit. */
export async function updateMember(
  actor: Actor | null,
  userId: string,
  input: MemberUpdateInput,
  db: Database = getDb(),
): Promise<{ userId: string; role: string; spendingLimit: number | null }> {
  const { role, spendingLimit } = memberUpdateSchema.parse(input);
  return changeMember(
    actor,
    userId,
    db,
    async (tx, { member, email, company, owners, actor: by }) => {
      const next = {
        role: role ?? member.role,
        spendingLimitCents:
          spendingLimit === undefined
            ? member.spendingLimitCents
            : spendingLimit === null
              ? null
              : toCents(spendingLimit),
      };
      if (member.role === 'owner' && next.role !== 'owner' && owners <= 1)
        throw conflict(LAST_OWNER);
      await tx.update(companyMembers).set(next).where(eq(companyMembers.userId, userId));
      await recordAudit(tx, {
        actor: by,
        action: 'company.member_update',
        target: `member ${email} of company ${company}`,
        before: shown(member),
        after: shown(next),
      });
      return { userId, ...shown(next) };
    },
  );
}

/**
 * `DELETE /api/company/members/{userId}` (owners): the member leaves; the company keeps every order, quote and
 * invoice they placed for it. The last owner cannot leave.
 */
export async function removeMember(
  actor: Actor | null,
  userId: string,
  db: Database = getDb(),
): Promise<{ acknowledged: true; deletedCount: number }> {
  return changeMember(
    actor,
    userId,
    db,
    async (tx, { member, email, company, owners, actor: by }) => {
      if (member.role === 'owner' && owners <= 1) throw conflict(LAST_OWNER);
      await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
      await recordAudit(tx, {
        actor: by,
        action: 'company.member_remove',
        target: `member ${email} of company ${company}`,
        before: shown(member),
      });
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
}
