/** A price break: from `minQuantity` pieces on, each piece costs `priceCents`. */
export interface PriceBreakCents {
  minQuantity: number;
  priceCents: number;
}

/**
 * The price of one piece when `quantity` pieces are ordered: the price of the highest break the quantity reaches,
 * else the base price. The same rule runs in SQL when an order is placed (lib/db/pricing.ts); the two are tested
 * against each other at every threshold.
 */
export function unitPriceCents(
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  quantity: number,
): number {
  let reached: PriceBreakCents | undefined;
  for (const priceBreak of breaks) {
    if (
      quantity >= priceBreak.minQuantity &&
      (!reached || priceBreak.minQuantity > reached.minQuantity)
    )
      reached = priceBreak;
  }
  return reached ? reached.priceCents : basePriceCents;
}

/** What the breaks save on `quantity` pieces against the base price. */
export function savingsCents(
  basePriceCents: number,
  breaks: readonly PriceBreakCents[],
  quantity: number,
): number {
  return (basePriceCents - unitPriceCents(basePriceCents, breaks, quantity)) * quantity;
}
