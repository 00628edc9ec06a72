/** Integer cents in the database, dollars in the API (SPEC: prices in USD). */
export const toDollars = (cents: number) => cents / 100;
export const toCents = (dollars: number) => Math.round(dollars * 100);
