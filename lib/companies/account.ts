import { asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { companies, companyMembers, users } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { creditOfCompany } from '@/lib/invoices/terms';
import { toDollars } from '@/lib/money';
import type { CompanyAccountDto, CompanyMemberDto } from '@/lib/types';
import { NO_COMPANY, requireMembership } from './membership';

/** A company's members, owners first, then by when they joined. */
export async function membersOf(db: Database, companyId: string): Promise<CompanyMemberDto[]> {
  const rows = await db
    .select({
      userId: companyMembers.userId,
      email: users.email,
      name: users.name,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.joinedAt), asc(users.email));
  const rank = { owner: 0, approver: 1, buyer: 2 } as const;
  return rows
    .map(({ spendingLimitCents, ...member }) => ({
      ...member,
      spendingLimit: spendingLimitCents === null ? null : toDollars(spendingLimitCents),
    }))
    .sort((a, b) => rank[a.role] - rank[b.role]);
}

/** A company as its members and admins see it: details, members, terms and the credit its open invoices use. */
export async function describeCompany(
  db: Database,
  companyId: string,
): Promise<Omit<CompanyAccountDto, 'role'> | null> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const [members, credit] = await Promise.all([
    membersOf(db, companyId),
    creditOfCompany(db, companyId),
  ]);
  return {
    companyId,
    name: company.name,
    taxId: company.taxId,
    billingAddress: company.billingAddress,
    country: company.country,
    buyerReference: company.buyerReference,
    members,
    terms: credit && { netDays: credit.netDays },
    creditLimit: credit && toDollars(credit.creditLimitCents),
    creditUsed: toDollars(credit?.usedCents ?? 0),
  };
}

/** `GET /api/company`: the caller's company; 404 for an account that belongs to none. */
export async function getCompanyAccount(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<CompanyAccountDto> {
  const member = await requireMembership(actor, db);
  const company = await describeCompany(db, member.companyId);
  if (!company) throw notFound(NO_COMPANY);
  return { ...company, role: member.role };
}
