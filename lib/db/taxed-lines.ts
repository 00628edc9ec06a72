import type { Order } from '@/lib/db/schema';
import type { TaxedLine } from '@/lib/tax/rounding';

/** An order line's money as the tax rules read it: its net amount and the VAT placed with it. */
export const taxedLineOf = (line: Order): TaxedLine => ({
  category: line.taxCategory,
  rateBasisPoints: line.taxRateBasisPoints,
  netCents: line.totalCents,
  taxCents: line.taxCents,
});
