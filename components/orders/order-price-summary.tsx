import { Price } from '@/components/price';

/** Preview only: the server computes the charged total from the database price. */
function previewTotal(quantity: number | undefined, unitPrice: number): number {
  if (!quantity || !Number.isFinite(quantity) || quantity < 0) return 0;
  return (Math.round(unitPrice * 100) * Math.trunc(quantity)) / 100;
}

/** The total the order form shows while the buyer types: the pieces at the unit price they get. */
export function OrderPriceSummary({
  quantity,
  unitPrice,
}: {
  quantity: number | undefined;
  unitPrice: number;
}) {
  return (
    <p className="text-lg font-semibold">
      Total: <Price amount={previewTotal(quantity, unitPrice)} />
    </p>
  );
}
