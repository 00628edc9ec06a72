import { sql, type SQL } from 'drizzle-orm';

/**
 * The unit price in SQL, the rule of `unitPriceCents` (lib/tools/pricing.ts): the price of the highest break
 * (`price_breaks`, jsonb `[{ minQuantity, priceCents }]`) the quantity reaches, else the base price. Takes column
 * expressions, so a statement that reserves stock can price from the row version it just updated.
 */
export const unitPriceSql = (priceCents: SQL, priceBreaks: SQL, quantity: SQL): SQL => sql`coalesce(
  (SELECT (b.value->>'priceCents')::int FROM jsonb_array_elements(${priceBreaks}) AS b
   WHERE (b.value->>'minQuantity')::int <= ${quantity}
   ORDER BY (b.value->>'minQuantity')::int DESC LIMIT 1),
  ${priceCents})`;
