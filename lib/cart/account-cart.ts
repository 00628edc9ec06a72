import { and, asc, eq, sql } from 'drizzle-orm';
import { NOBODY, type BilledParty } from '@/lib/db/billed-party';
import type { Database } from '@/lib/db/client';
import type { CompanyPriceList } from '@/lib/db/company-pricing';
import { preparedPerDatabase } from '@/lib/db/prepared-statements';
import {
  cartLines,
  companies,
  companyMembers,
  companyPrices,
  tools,
  users,
  type Tool,
} from '@/lib/db/schema';

/** A cart's lines with their tools today, and the terms they are priced on. */
export interface CartContents {
  rows: { quantity: number; tool: Tool }[];
  priceList: CompanyPriceList | null;
  billed: BilledParty;
}

/**
 * The account's lines, the company it buys for with that company's price for each line's tool, and who it bills,
 * in one round trip: the cart is read on every page (the navbar's badge) and by every checkout review, where the
 * lines, the price list and the billed party used to be three (docs/PERFORMANCE.md, "Signed-in reads").
 */
const accountCartStatement = preparedPerDatabase('account_cart', (db: Database, name) =>
  db
    .select({
      quantity: cartLines.quantity,
      tool: tools,
      listPriceCents: companyPrices.priceCents,
      discountBasisPoints: companies.discountBasisPoints,
      // Null without a company: a left join's nested object is null when all its columns are.
      billed: {
        companyName: companies.name,
        taxId: companies.taxId,
        billingAddress: companies.billingAddress,
        country: companies.country,
        buyerReference: companies.buyerReference,
      },
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(cartLines, eq(cartLines.userId, users.id))
    .leftJoin(tools, eq(tools.id, cartLines.toolId))
    .leftJoin(
      companyPrices,
      and(eq(companyPrices.companyId, companies.id), eq(companyPrices.toolId, tools.id)),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.toolId))
    .prepare(name),
);

export async function accountCartContents(db: Database, userId: string): Promise<CartContents> {
  const found = await accountCartStatement(db).execute({ userId });
  const rows = found.flatMap(({ quantity, tool }) =>
    tool && quantity ? [{ quantity, tool }] : [],
  );
  const discountBasisPoints = found[0]?.discountBasisPoints ?? null;
  const listPrices = new Map(
    found.flatMap(({ tool, listPriceCents }) =>
      tool && listPriceCents !== null ? [[tool.id, listPriceCents] as const] : [],
    ),
  );
  // Neither a list nor a discount prices like no company at all (lib/db/company-pricing.ts).
  const priceList =
    discountBasisPoints !== null && (listPrices.size > 0 || discountBasisPoints > 0)
      ? { discountBasisPoints, listPrices }
      : null;
  const billed: BilledParty = found[0]?.billed ?? NOBODY;
  return { rows, priceList, billed };
}
