import { toCents } from '@/lib/money';
import type { MyPricesDto } from '@/lib/types';

/** A price break: from `minQuantity` pieces on, each piece costs `priceCents`. */
export interface PriceBreakCents {
  minQuantity: number;
  priceCents: number;
}

/**
 * What a company agreed for one tool: its list price of the tool (null: not on its list) and its discount off the
 * catalogue's base price in basis points (1250 = 12.5 %).
 */
export interface CompanyPriceTerms {
  listPriceCents: number | null;
  discountBasisPoints: number;
}

/** The base price less the company's discount, the discount rounded half up to the cent (as tax is, lib/tax). */
export const discountedCents = (basePriceCents: number, discountBasisPoints: number) =>
  basePriceCents - Math.floor((basePriceCents * discountBasisPoints + 5_000) / 10_000);

/**
 * The price of one piece when `quantity` pieces are ordered: the price of the highest break the quantity reaches,
 * else the base price; for a company's member, the lowest of that, the company's list price of the tool and the base
 * price less its discount. The same rule runs in SQL when an order is placed (lib/db/pricing.ts); the two are tested
 * against each other at every threshold.
 */
export function unitPriceCents(
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  quantity: number,
  company?: CompanyPriceTerms | null,
): number {
  let reached: PriceBreakCents | undefined;
  for (const priceBreak of breaks) {
    if (
      quantity >= priceBreak.minQuantity &&
      (!reached || priceBreak.minQuantity > reached.minQuantity)
    )
      reached = priceBreak;
  }
  const catalogue = reached ? reached.priceCents : basePriceCents;
  if (!company) return catalogue;
  return Math.min(
    catalogue,
    company.listPriceCents ?? catalogue,
    discountedCents(basePriceCents, company.discountBasisPoints),
  );
}

/** What the buyer saves on `quantity` pieces against the catalogue's base price. */
export function savingsCents(
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  quantity: number,
  company?: CompanyPriceTerms | null,
): number {
  return (basePriceCents - unitPriceCents(basePriceCents, breaks, quantity, company)) * quantity;
}

/** One tool's terms out of the caller's prices as `GET /api/prices` answers them; null without company prices. */
export function termsOfTool(
  mine: MyPricesDto | undefined,
  toolId: string,
): CompanyPriceTerms | null {
  if (!mine || (mine.discountPercent === 0 && mine.prices.length === 0)) return null;
  const listed = mine.prices.find((line) => line.toolId === toolId);
  return {
    listPriceCents: listed ? toCents(listed.price) : null,
    discountBasisPoints: Math.round(mine.discountPercent * 100),
  };
}
