import { Price } from '@/components/price';
import { toCents, toDollars } from '@/lib/money';
import {
  savingsCents,
  unitPriceCents,
  type CompanyPriceTerms,
  type PriceBreakCents,
} from '@/lib/tools/pricing';

/** A quantity the buyer has typed that can be priced: whole pieces, at least one. */
const pieces = (quantity: number | undefined) =>
  quantity !== undefined && Number.isInteger(quantity) && quantity > 0 ? quantity : 0;

interface OrderPriceSummaryProps {
  quantity: number | undefined;
  /** dollars per piece without a break */
  basePrice: number;
  breaks: readonly PriceBreakCents[];
  /** the buyer's company prices of the tool, if any */
  company?: CompanyPriceTerms | null;
}

/**
 * The total the order form shows while the buyer types: the pieces at the unit price of the break they reach (a
 * preview; the server prices the order itself), or the buyer's company price where lower, and what that saves
 * against the base price.
 */
export function OrderPriceSummary({
  quantity,
  basePrice,
  breaks,
  company,
}: OrderPriceSummaryProps) {
  const count = pieces(quantity);
  const baseCents = toCents(basePrice);
  const unitCents = unitPriceCents(baseCents, breaks, count, company);
  const saved = savingsCents(baseCents, breaks, count, company);
  return (
    <div>
      <p className="text-lg font-semibold">
        Total: <Price amount={toDollars(unitCents * count)} />
      </p>
      {saved > 0 && (
        <p className="text-sm">
          <Price amount={toDollars(unitCents)} className="font-semibold" /> each at this quantity:
          you save <Price amount={toDollars(saved)} className="font-semibold" />
        </p>
      )}
    </div>
  );
}
