import { eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';
import type { CompanyDto } from '@/lib/types';
import { companySchema, type CompanyInput } from '@/lib/validation/company';

const EMPTY: CompanyDto = {
  companyName: null,
  taxId: null,
  billingAddress: null,
  country: null,
  buyerReference: null,
};

/** The caller's own company details (all empty until set). */
export async function getCompany(actor: Actor | null): Promise<CompanyDto> {
  const { userId } = requireSignedIn(actor);
  const [row] = await getDb().select().from(companies).where(eq(companies.userId, userId));
  return row
    ? {
        companyName: row.companyName,
        taxId: row.taxId,
        billingAddress: row.billingAddress,
        country: row.country,
        buyerReference: row.buyerReference,
      }
    : EMPTY;
}

/**
 * Sets the caller's own company details, printed on invoices issued from now on (an issued invoice keeps its own
 * copy). There is no way to name another account: the row is the caller's.
 */
export async function setCompany(actor: Actor | null, input: CompanyInput): Promise<CompanyDto> {
  const { userId } = requireSignedIn(actor);
  const company = companySchema.parse(input);
  await getDb()
    .insert(companies)
    .values({ userId, ...company })
    .onConflictDoUpdate({ target: companies.userId, set: { ...company, updatedAt: sql`now()` } });
  return company;
}
