import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { ensureCompanyOf, membershipOf } from '@/lib/db/company-membership';
import { companies } from '@/lib/db/schema';
import { forbidden } from '@/lib/errors';
import type { CompanyDto } from '@/lib/types';
import { companySchema, type CompanyInput } from '@/lib/validation/company';

const EMPTY: CompanyDto = {
  companyName: null,
  taxId: null,
  billingAddress: null,
  country: null,
  buyerReference: null,
};

/** The details of the caller's company (all empty for an account on its own). */
export async function getCompany(actor: Actor | null): Promise<CompanyDto> {
  const { userId } = requireSignedIn(actor);
  const db = getDb();
  const member = await membershipOf(db, userId);
  if (!member) return EMPTY;
  const [row] = await db.select().from(companies).where(eq(companies.id, member.companyId));
  return row
    ? {
        companyName: row.name,
        taxId: row.taxId,
        billingAddress: row.billingAddress,
        country: row.country,
        buyerReference: row.buyerReference,
      }
    : EMPTY;
}

/**
 * `PUT /api/user/company`: sets the details of the caller's company, printed on invoices issued from now on (an issued
 * invoice keeps its own copy). An account on its own becomes the owner of a one-member company; in a company of
 * several, only an owner changes them. A name left empty keeps the company's name.
 */
export async function setCompany(actor: Actor | null, input: CompanyInput): Promise<CompanyDto> {
  const current = requireSignedIn(actor);
  const { userId } = current;
  const { companyName, ...details } = companySchema.parse(input);
  return getDb().transaction(async (tx) => {
    const member = await membershipOf(tx, userId);
    if (member && member.role !== 'owner') throw forbidden("Only the company's owners can do this");
    const company = await ensureCompanyOf(tx, userId, companyName);
    const [row] = await tx
      .update(companies)
      .set({ ...details, ...(companyName ? { name: companyName } : {}), updatedAt: sql`now()` })
      .where(eq(companies.id, company!.companyId))
      .returning();
    await recordAudit(tx, {
      actor: current,
      action: 'company.details',
      target: `company ${row!.name}`,
      after: { companyName: row!.name, ...details },
    });
    return { companyName: row!.name, ...details };
  });
}
