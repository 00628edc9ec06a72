import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from './client';
import { companies, companyMembers, companyPrices } from './schema';

/** The prices a company agreed, as the pricing rule reads them (lib/tools/pricing.ts `CompanyPriceTerms`). */
export interface CompanyPriceList {
  discountBasisPoints: number;
  /** tool id → list price (cents), for the tools asked about */
  listPrices: ReadonlyMap<string, number>;
}

/**
 * The price list of the company an account buys for, for these tools: null for a visitor, an account on its own,
 * or a company with neither a list nor a discount. Read on every request that prices for the account (never
 * cached), so a changed list shows at once.
 */
export async function companyPriceListOf(
  db: Pick<Database, 'select'>,
  userId: string | null,
  toolIds: readonly string[],
): Promise<CompanyPriceList | null> {
  if (!userId) return null;
  const [company] = await db
    .select({ id: companies.id, discountBasisPoints: companies.discountBasisPoints })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  if (!company) return null;
  const listed =
    toolIds.length === 0
      ? []
      : await db
          .select({ toolId: companyPrices.toolId, priceCents: companyPrices.priceCents })
          .from(companyPrices)
          .where(
            and(
              eq(companyPrices.companyId, company.id),
              inArray(companyPrices.toolId, [...toolIds]),
            ),
          );
  if (listed.length === 0 && company.discountBasisPoints === 0) return null;
  return {
    discountBasisPoints: company.discountBasisPoints,
    listPrices: new Map(listed.map((row) => [row.toolId, row.priceCents])),
  };
}

/** One tool's terms out of a company's list, for `unitPriceCents`. */
export const termsForTool = (list: CompanyPriceList | null, toolId: string) =>
  list && {
    listPriceCents: list.listPrices.get(toolId) ?? null,
    discountBasisPoints: list.discountBasisPoints,
  };
