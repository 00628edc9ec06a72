/**
 * The one rounding rule of the shop's tax: each line's tax is its net amount times the rate, rounded half up to the
 * cent, on its own; an invoice's tax for a rate is the sum of its lines' taxes, and its gross the net plus that sum.
 * So every line, every total and every document (cart, checkout, quote, invoice, e-invoice) add up exactly, and
 * what was charged is what the invoice says. Per-line rounding can differ from rounding the sum of a rate by at most
 * half a cent per line; EN 16931 allows a unit either way (BR-CO-17), far more than 100 lines could make.
 */

/** A rate in basis points (19 % = 1900, 7.5 % = 750): integers only, so no float ever touches money. */
export const basisPoints = (percent: number) => Math.round(percent * 100);

/** net × rate, rounded half up to the cent (amounts are never negative: a credit note stores positive amounts). */
export const lineTaxCents = (netCents: number, rateBasisPoints: number) =>
  Math.floor((netCents * rateBasisPoints + 5_000) / 10_000);

export interface TaxedLine {
  category: string;
  rateBasisPoints: number;
  netCents: number;
  taxCents: number;
}

/** One entry per category and rate, in the order they first appear: its net and its tax. */
export interface TaxBreakdownEntry {
  category: string;
  rateBasisPoints: number;
  netCents: number;
  taxCents: number;
}

export function taxBreakdown(lines: readonly TaxedLine[]): TaxBreakdownEntry[] {
  const entries: TaxBreakdownEntry[] = [];
  for (const line of lines) {
    const entry = entries.find(
      (candidate) =>
        candidate.category === line.category && candidate.rateBasisPoints === line.rateBasisPoints,
    );
    if (entry) {
      entry.netCents += line.netCents;
      entry.taxCents += line.taxCents;
    } else {
      entries.push({ ...line });
    }
  }
  return entries;
}

/** Net, tax and gross of taxed lines. */
export function taxTotals(lines: readonly TaxedLine[]) {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { netCents, taxCents, grossCents: netCents + taxCents };
}
