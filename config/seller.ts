/**
 * The seller printed on every invoice, credit note and packing slip. Each field can be replaced by the environment
 * (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID, SELLER_BANK, TAX_RATE_PERCENT; see .env.example). An issued invoice
 * keeps the values it was printed with.
 */
export const SELLER = {
  name: 'Toolhaus Manufacturing Ltd.',
  address: 'Plot 14, BSCIC Industrial Estate, Kalurghat, Chattogram 4208, Bangladesh',
  taxId: 'BIN 000123456-0101',
  bank: 'Toolhaus Manufacturing Ltd. · Harbour Bank · IBAN BD00 HARB 0000 0000 1234 5678 · SWIFT HARBBDDH',
  /** percent of the price that is tax (prices include it) */
  taxRatePercent: 0,
} as const;
