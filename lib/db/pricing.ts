import { sql, type SQL } from 'drizzle-orm';
import { companies, companyPrices } from './schema';

/**
 * The unit price in SQL, the rule of `unitPriceCents` (lib/tools/pricing.ts): the price of the highest break
 * (`price_breaks`, jsonb `[{ minQuantity, priceCents }]`) the quantity reaches, else the base price; with a `company`
 * (its id, NULL for none), the lowest of that, the company's list price of the tool and the base price less the
 * company's discount (rounded half up to the cent). Takes column expressions, so a statement that reserves stock
 * can price from the row version it just updated.
 */
export const unitPriceSql = (
  priceCents: SQL,
  priceBreaks: SQL,
  quantity: SQL,
  company?: { id: SQL; toolId: SQL },
): SQL => {
  const catalogue = sql`coalesce(
  (SELECT (b.value->>'priceCents')::int FROM jsonb_array_elements(${priceBreaks}) AS b
   WHERE (b.value->>'minQuantity')::int <= ${quantity}
   ORDER BY (b.value->>'minQuantity')::int DESC LIMIT 1),
  ${priceCents})`;
  if (!company) return catalogue;
  // least() skips NULLs: a tool off the list, or no company, leaves the catalogue's price.
  return sql`least(${catalogue},
  (SELECT cp.price_cents FROM ${companyPrices} cp WHERE cp.company_id = ${company.id} AND cp.tool_id = ${company.toolId}),
  (SELECT ${priceCents}::bigint - (${priceCents}::bigint * c.discount_bp + 5000) / 10000
   FROM ${companies} c WHERE c.id = ${company.id} AND c.discount_bp > 0))`;
};
