import { toDollars } from '@/lib/money';
import { taxBreakdown, taxTotals, type TaxedLine } from '@/lib/tax/rounding';
import type { TaxSummaryDto } from '@/lib/types';

/** Net, VAT by category and rate, and gross of taxed lines, in dollars for the screens and the API. */
export function taxSummary(lines: readonly TaxedLine[], note: string | null = null): TaxSummaryDto {
  const totals = taxTotals(lines);
  return {
    net: toDollars(totals.netCents),
    taxes: taxBreakdown(lines).map((entry) => ({
      category: entry.category,
      ratePercent: entry.rateBasisPoints / 100,
      net: toDollars(entry.netCents),
      tax: toDollars(entry.taxCents),
    })),
    tax: toDollars(totals.taxCents),
    gross: toDollars(totals.grossCents),
    note,
  };
}
