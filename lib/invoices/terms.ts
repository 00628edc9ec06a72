import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { ensureCompanyOf, membershipOf } from '@/lib/db/company-membership';
import { companies, invoices, users } from '@/lib/db/schema';
import { AppError, forbidden, notFound } from '@/lib/errors';
import { formatUsd } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import { idSchema } from '@/lib/validation/fields';
import { termsSchema, type TermsInput } from '@/lib/validation/invoices';

// Net terms and the credit limit belong to a company: its members' open invoices together are what the limit holds.

/** What is still unpaid on a company's open invoices (cents), as SQL. */
const openBalance = (companyId: string) => sql`(
  SELECT coalesce(sum(${invoices.totalCents} - ${invoices.paidCents}), 0)::float8 FROM ${invoices}
  WHERE ${invoices.companyId} = ${companyId} AND ${invoices.kind} = 'invoice' AND ${invoices.status} = 'open')`;

interface TermsAnswer {
  acknowledged: true;
  netDays: number | null;
  creditLimit: number | null;
}

/**
 * An admin grants a company net terms (15, 30 or 60 days and a credit limit in dollars), or removes them
 * (`PUT /api/companies/{id}/terms`).
 */
export async function setCompanyTerms(
  actor: Actor | null,
  companyId: string,
  input: TermsInput,
  db: Database = getDb(),
): Promise<TermsAnswer> {
  const admin = requireAdmin(actor);
  const terms = termsSchema.parse(input);
  if (!idSchema.safeParse(companyId).success) throw notFound('Company not found');
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound('Company not found');
    return writeTerms(tx, admin, companyId, `company ${company.name}`, terms);
  });
}

/**
 * `PUT /api/user/terms/{id}`: an admin sets the terms of that account's company, making the account the owner of a
 * one-member company when it has none.
 */
export async function setTerms(
  actor: Actor | null,
  userId: string,
  input: TermsInput,
  db: Database = getDb(),
): Promise<TermsAnswer> {
  const admin = requireAdmin(actor);
  const terms = termsSchema.parse(input);
  if (!idSchema.safeParse(userId).success) throw notFound('User not found');
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw notFound('User not found');
    const company = await ensureCompanyOf(tx, userId);
    return writeTerms(tx, admin, company!.companyId, `user ${account.email}`, terms);
  });
}

async function writeTerms(
  tx: Database,
  admin: Actor,
  companyId: string,
  target: string,
  { netDays, creditLimit }: ReturnType<typeof termsSchema.parse>,
): Promise<TermsAnswer> {
  const creditLimitCents = netDays === null ? null : toCents(creditLimit!);
  const [before] = await tx
    .select({ netDays: companies.netDays, limit: companies.creditLimitCents })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  await tx
    .update(companies)
    .set({ netDays, creditLimitCents, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
  const answer = {
    netDays,
    creditLimit: creditLimitCents === null ? null : toDollars(creditLimitCents),
  };
  await recordAudit(tx, {
    actor: admin,
    action: 'terms.grant',
    target,
    before: {
      netDays: before?.netDays ?? null,
      creditLimit: before?.limit == null ? null : toDollars(before.limit),
    },
    after: answer,
  });
  return { acknowledged: true, ...answer };
}

/** A company's terms and what is left of its credit, or null without terms. */
export async function creditOfCompany(
  db: Database,
  companyId: string,
  lock = false,
): Promise<{
  netDays: number;
  creditLimitCents: number;
  remainingCents: number;
  usedCents: number;
} | null> {
  const [row] = await queryRows<{
    net_days: number | null;
    limit_cents: number | null;
    open_cents: number;
  }>(
    db,
    sql`SELECT ${companies.netDays} AS net_days, ${companies.creditLimitCents}::float8 AS limit_cents,
          ${openBalance(companyId)} AS open_cents
        FROM ${companies} WHERE ${companies.id} = ${companyId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row || row.net_days === null || row.limit_cents === null) return null;
  return {
    netDays: row.net_days,
    creditLimitCents: row.limit_cents,
    usedCents: row.open_cents,
    remainingCents: Math.max(0, row.limit_cents - row.open_cents),
  };
}

/** The terms of the company an account buys for, or null. */
export async function creditOf(db: Database, userId: string) {
  const member = await membershipOf(db, userId);
  return member ? creditOfCompany(db, member.companyId) : null;
}

/**
 * The terms a checkout on invoice is placed under, checked and held in its transaction: the company's row is locked,
 * so the open balance read is the one the new invoice adds to, whichever member places it.
 */
export async function holdTerms(
  tx: Database,
  userId: string,
): Promise<{ netDays: number; companyId: string }> {
  const member = await membershipOf(tx, userId);
  const credit = member && (await creditOfCompany(tx, member.companyId, true));
  if (!member || !credit) throw forbidden('This account can not pay by invoice');
  return { netDays: credit.netDays, companyId: member.companyId };
}

/** Refuses a checkout on terms that would take the open invoices past the credit limit: 409 with what is left. */
export async function assertCredit(tx: Database, companyId: string, totalCents: number) {
  const [row] = await queryRows<{ fits: boolean; remaining: number }>(
    tx,
    sql`SELECT ${openBalance(companyId)} + ${totalCents} <= ${companies.creditLimitCents} AS fits,
          greatest(0, ${companies.creditLimitCents} - ${openBalance(companyId)}) AS remaining
        FROM ${companies} WHERE ${companies.id} = ${companyId}`,
  );
  if (row?.fits) return;
  const remaining = toDollars(row?.remaining ?? 0);
  throw new AppError(
    409,
    'conflict',
    `This order exceeds your remaining credit of ${formatUsd(remaining)}`,
    undefined,
    { remainingCredit: remaining },
  );
}
