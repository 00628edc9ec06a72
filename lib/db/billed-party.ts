import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies } from '@/lib/db/schema';

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

const NOBODY: BilledParty = {
  companyName: null,
  taxId: null,
  billingAddress: null,
  country: null,
  buyerReference: null,
};

/**
 * The one answer to "who is billed" for an account: today its company details (`PUT /api/user/company`). Tax rules,
 * quotes, the cart and invoices all ask here, so company accounts can replace this one function.
 */
export async function billedPartyOf(
  db: Pick<Database, 'select'>,
  userId: string | null,
): Promise<BilledParty> {
  if (!userId) return NOBODY;
  const [company] = await db
    .select({
      companyName: companies.companyName,
      taxId: companies.taxId,
      billingAddress: companies.billingAddress,
      country: companies.country,
      buyerReference: companies.buyerReference,
    })
    .from(companies)
    .where(eq(companies.userId, userId));
  return company ?? NOBODY;
}
