'use client';

import { Price } from '@/components/price';
import { toCents, toDollars } from '@/lib/money';
import { unitPriceCents } from '@/lib/tools/pricing';
import type { ToolDto } from '@/lib/types';
import { useMyPrices } from './use-my-prices';

/**
 * A company member's own price of a tool at the quantity typed, beside the catalogue's price the cached page shows;
 * nothing for anyone else, nor where the catalogue's price (a break) is as low.
 */
export function CompanyPriceNote({
  tool,
  quantity,
  pageToolIds,
}: {
  tool: Pick<ToolDto, '_id' | 'price' | 'priceBreaks' | 'min_quantity'>;
  quantity: number;
  /** every tool of the page, asked for at once (a catalogue page's cards) */
  pageToolIds?: readonly string[];
}) {
  const termsOf = useMyPrices(pageToolIds ?? [tool._id]);
  const terms = termsOf(tool._id);
  if (!terms) return null;
  const pieces = Number.isInteger(quantity) && quantity > 0 ? quantity : tool.min_quantity;
  const breaks = tool.priceBreaks.map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    priceCents: toCents(priceBreak.price),
  }));
  const catalogue = unitPriceCents(toCents(tool.price), breaks, pieces);
  const yours = unitPriceCents(toCents(tool.price), breaks, pieces, terms);
  if (yours >= catalogue) return null;
  return (
    <p className="text-lg" data-testid="company-price">
      Your company&apos;s price:{' '}
      <Price amount={toDollars(yours)} className="font-bold text-primary" /> per unit
    </p>
  );
}
