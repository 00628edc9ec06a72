import { and, asc, desc, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { companyPriceListOf, termsForTool } from '@/lib/db/company-pricing';
import { readFromReplica } from '@/lib/db/replica';
import { tools } from '@/lib/db/schema';
import { toToolSuggestionDto } from '@/lib/db/rest-shapes';
import type { ToolSuggestionDto } from '@/lib/types';
import type { ToolLookupQuery } from '@/lib/validation/tools';
import { unitPriceCents } from './pricing';

/** Suggestions one look-up answers. */
export const LOOKUP_LIMIT = 8;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Quick order's look-up: catalogue tools whose SKU starts with, or whose name holds, what the buyer typed (SKU
 * matches first), each with its stock and its price per piece at the quantity typed (else at its minimum order).
 * Public, like the catalogue's prices; a company's member is quoted the company's prices where lower.
 */
export async function lookUpTools(
  actor: Actor | null,
  query: ToolLookupQuery,
): Promise<ToolSuggestionDto[]> {
  const text = escapeLike(query.q);
  const skuMatch = ilike(tools.sku, `${text}%`);
  const rows = await readFromReplica((db) =>
    db
      .select({
        id: tools.id,
        sku: tools.sku,
        name: tools.name,
        quantity: tools.quantity,
        minQuantity: tools.minQuantity,
        priceCents: tools.priceCents,
        priceBreaks: tools.priceBreaks,
      })
      .from(tools)
      .where(and(isNull(tools.deletedAt), or(skuMatch, ilike(tools.name, `%${text}%`))))
      .orderBy(desc(sql`${skuMatch}`), asc(tools.sku))
      .limit(LOOKUP_LIMIT),
  );
  // The member's own prices from the primary: a list an admin just saved applies at once.
  const list = await companyPriceListOf(
    getDb(),
    actor?.userId ?? null,
    rows.map((tool) => tool.id),
  );
  return rows.map((tool) => {
    const pricedFor = query.quantity ?? tool.minQuantity;
    return toToolSuggestionDto(
      tool,
      pricedFor,
      unitPriceCents(tool.priceCents, tool.priceBreaks, pricedFor, termsForTool(list, tool.id)),
    );
  });
}
