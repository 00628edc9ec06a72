import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { companies, companyPrices, tools } from '@/lib/db/schema';
import { badRequest, notFound } from '@/lib/errors';
import { toCents, toDollars } from '@/lib/money';
import { basisPoints } from '@/lib/tax/rounding';
import type { CompanyPricesDto } from '@/lib/types';
import { companyPricesSchema, type CompanyPricesInput } from '@/lib/validation/company-prices';
import { idSchema } from '@/lib/validation/fields';

// A company's prices: what an admin agreed with it, per tool and as a discount off the catalogue. Members pay the
// lowest of those and the catalogue's price at the break (lib/tools/pricing.ts); nobody else ever reads them.

const COMPANY_NOT_FOUND = 'Company not found';

async function listOf(db: Pick<Database, 'select'>, companyId: string) {
  return db
    .select({
      sku: tools.sku,
      name: tools.name,
      priceCents: companyPrices.priceCents,
      catalogCents: tools.priceCents,
    })
    .from(companyPrices)
    .innerJoin(tools, eq(tools.id, companyPrices.toolId))
    .where(and(eq(companyPrices.companyId, companyId), isNull(tools.deletedAt)))
    .orderBy(asc(tools.sku));
}

function toDto(
  companyId: string,
  discountBasisPoints: number,
  list: Awaited<ReturnType<typeof listOf>>,
): CompanyPricesDto {
  return {
    companyId,
    discountPercent: discountBasisPoints / 100,
    prices: list.map((line) => ({
      sku: line.sku,
      name: line.name,
      price: toDollars(line.priceCents),
      catalogPrice: toDollars(line.catalogCents),
    })),
  };
}

/** A company's price list, for the admin's form (`GET /api/companies/{id}/prices`). */
export async function readCompanyPrices(
  actor: Actor | null,
  companyId: string,
  db: Database = getDb(),
): Promise<CompanyPricesDto> {
  requireAdmin(actor);
  if (!idSchema.safeParse(companyId).success) throw notFound(COMPANY_NOT_FOUND);
  const [company] = await db
    .select({ discountBasisPoints: companies.discountBasisPoints })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return toDto(companyId, company.discountBasisPoints, await listOf(db, companyId));
}

/**
 * An admin replaces a company's price list (`PUT /api/companies/{id}/prices`), and its discount when given: every
 * SKU must name a product in the catalogue (400 at `prices.N.sku`), all or nothing, audited in the same transaction.
 * Under the company's row lock, so two admins' lists do not interleave.
 */
export async function setCompanyPrices(
  actor: Actor | null,
  companyId: string,
  input: CompanyPricesInput,
  db: Database = getDb(),
): Promise<CompanyPricesDto> {
  const admin = requireAdmin(actor);
  const { prices, discountPercent } = companyPricesSchema.parse(input);
  if (!idSchema.safeParse(companyId).success) throw notFound(COMPANY_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ name: companies.name, discountBasisPoints: companies.discountBasisPoints })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    const skus = prices.map((line) => line.sku);
    const found =
      skus.length === 0
        ? []
        : await tx
            .select({ id: tools.id, sku: tools.sku })
            .from(tools)
            .where(and(inArray(tools.sku, skus), isNull(tools.deletedAt)));
    const toolOf = new Map(found.map((tool) => [tool.sku, tool.id]));
    const unknown = Object.fromEntries(
      prices.flatMap((line, index) =>
        toolOf.has(line.sku)
          ? []
          : [[`prices.${index}.sku`, `No product in the catalogue has SKU ${line.sku}`]],
      ),
    );
    const [firstUnknown] = Object.values(unknown);
    if (firstUnknown) throw badRequest(firstUnknown, unknown);

    const before = await listOf(tx, companyId);
    await tx.delete(companyPrices).where(eq(companyPrices.companyId, companyId));
    if (prices.length > 0)
      await tx.insert(companyPrices).values(
        prices.map((line) => ({
          companyId,
          toolId: toolOf.get(line.sku)!,
          priceCents: toCents(line.price),
        })),
      );
    const discountBasisPoints =
      discountPercent === undefined ? company.discountBasisPoints : basisPoints(discountPercent);
    await tx
      .update(companies)
      .set({ discountBasisPoints, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId));
    const after = await listOf(tx, companyId);
    await recordAudit(tx, {
      actor: admin,
      action: 'company.prices',
      target: `company ${company.name}`,
      before: summary(company.discountBasisPoints, before),
      after: summary(discountBasisPoints, after),
    });
    return toDto(companyId, discountBasisPoints, after);
  });
}

/** What the audit log keeps of a list: the discount and each SKU's price in dollars. */
const summary = (discountBasisPoints: number, list: Awaited<ReturnType<typeof listOf>>) => ({
  discountPercent: discountBasisPoints / 100,
  prices: Object.fromEntries(list.map((line) => [line.sku, toDollars(line.priceCents)])),
});
