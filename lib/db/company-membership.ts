import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, companyMembers, users, type CompanyRole } from '@/lib/db/schema';

/** An account's place in its company: which company, as what, and a buyer's own spending limit (cents). */
export interface Membership {
  companyId: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
}

/** The company an account buys for, or null for an account on its own. */
export async function membershipOf(
  db: Pick<Database, 'select'>,
  userId: string | null,
): Promise<Membership | null> {
  if (!userId) return null;
  const [member] = await db
    .select({
      companyId: companyMembers.companyId,
      role: companyMembers.role,
      spendingLimitCents: companyMembers.spendingLimitCents,
    })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return member ?? null;
}

/**
 * The company an account buys for, made when it has none: a one-member company it owns, named after its company
 * details or, lacking them, after the account. Setting company details or terms on an account on its own does this,
 * so every account with either is a company's member. Runs in the caller's transaction, under the account's row lock
 * (taken here), so two first calls make one company.
 */
export async function ensureCompanyOf(
  tx: Database,
  userId: string,
  name?: string | null,
): Promise<{ companyId: string; created: boolean } | null> {
  const [account] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) return null;
  const member = await membershipOf(tx, userId);
  if (member) return { companyId: member.companyId, created: false };
  const [company] = await tx
    .insert(companies)
    .values({ name: name || account.name || account.email })
    .returning({ id: companies.id });
  await tx.insert(companyMembers).values({ userId, companyId: company!.id, role: 'owner' });
  return { companyId: company!.id, created: true };
}

/**
 * Whether an account may read a document of this company: every member reads the company's orders, quotes and
 * invoices (a buyer read-only); a document of no company is its buyer's alone.
 */
export async function readsCompanyDocuments(
  db: Pick<Database, 'select'>,
  userId: string,
  companyId: string | null,
): Promise<boolean> {
  if (!companyId) return false;
  const member = await membershipOf(db, userId);
  return member?.companyId === companyId;
}

/**
 * Whether the account is the last owner of a company others still buy for: it may not leave (nor close the account)
 * before another member is made owner. The company's row is locked, as every change of its members does.
 */
export async function isLastOwnerOfOthers(tx: Database, userId: string): Promise<boolean> {
  const member = await membershipOf(tx, userId);
  if (member?.role !== 'owner') return false;
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, member.companyId))
    .for('update');
  const others = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, member.companyId), ne(companyMembers.userId, userId)));
  return others.length > 0 && others.every((other) => other.role !== 'owner');
}

/** The company's row, locked until the transaction ends: what a cap's count, an invitation and a member's change queue on. */
export async function lockCompany(
  tx: Database,
  companyId: string,
): Promise<{ name: string } | undefined> {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return company;
}
