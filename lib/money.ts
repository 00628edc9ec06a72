/** Integer cents in the database, dollars in the API (docs/PRODUCT.md, Constants: prices in USD). */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);
/** Cents as an exact decimal string, "1234.50": for exports, where a float could print 1234.4999. */
export const centsAsDecimal = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
