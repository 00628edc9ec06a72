import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, companyMembers } from '@/lib/db/schema';

/** Who an account's documents bill, beyond its name and address: the company, its tax id and billing address. */
export interface BilledParty {
  companyName: string | null;
  taxId: string | null;
  billingAddress: string | null;
  /** ISO 3166-1 alpha-2 of the billing address */
  country: string | null;
  /** BT-10: the PO number is used when there is none */
  buyerReference: string | null;
}

export const NOBODY: BilledParty = {
  companyName: null,
  taxId: null,
  billingAddress: null,
  country: null,
  buyerReference: null,
};

/**
 * The one answer to "who is billed" for an account: the company it buys for. Tax rules, quotes, the cart and invoices
 * all ask here.
 */
export async function billedPartyOf(
  db: Pick<Database, 'select'>,
  userId: string | null,
): Promise<BilledParty> {
  if (!userId) return NOBODY;
  const [company] = await db
    .select({
      companyName: companies.name,
      taxId: companies.taxId,
      billingAddress: companies.billingAddress,
      country: companies.country,
      buyerReference: companies.buyerReference,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  return company ?? NOBODY;
}

/** Who a document of this company bills (an order keeps the company it was placed for, whoever buys for it now). */
export async function billedCompany(
  db: Pick<Database, 'select'>,
  companyId: string | null,
): Promise<BilledParty> {
  if (!companyId) return NOBODY;
  const [company] = await db
    .select({
      companyName: companies.name,
      taxId: companies.taxId,
      billingAddress: companies.billingAddress,
      country: companies.country,
      buyerReference: companies.buyerReference,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? NOBODY;
}
