/**
 * The seller printed on every invoice, credit note and packing slip, and its tax registration. Each field can be
 * replaced by the environment (SELLER_NAME, SELLER_ADDRESS, SELLER_COUNTRY, SELLER_TAX_ID, SELLER_VAT_ID,
 * SELLER_BANK, SELLER_IBAN, SELLER_BIC, SELLER_EMAIL, SELLER_PHONE, TAX_RATE_PERCENT, TAX_REDUCED_RATE_PERCENT; see
 * .env.example). An issued invoice keeps the values it was printed with.
 */
export const SELLER = {
  name: 'Toolhaus Manufacturing Ltd.',
  address: 'Plot 14, BSCIC Industrial Estate, Kalurghat, Chattogram 4208, Bangladesh',
  /** ISO 3166-1 alpha-2: where the seller is taxed */
  country: 'BD',
  /** the seller's tax registration (BT-32), printed as it is */
  taxId: 'BIN 000123456-0101',
  /** the VAT id (BT-31); null: not registered for VAT, so no invoice charges VAT (category O) */
  vatId: null as string | null,
  bank: 'Toolhaus Manufacturing Ltd. · Harbour Bank · IBAN BD00 HARB 0000 0000 1234 5678 · SWIFT HARBBDDH',
  /** the account a bank transfer pays into (BT-84) and its bank (BT-86) */
  iban: 'BD00HARB0000000012345678',
  bic: 'HARBBDDH',
  /** who answers for invoices (BT-41 to BT-43) */
  contact: {
    name: 'Accounts receivable',
    email: 'invoices@toolhaus.example',
    phone: '+1 555 010 0000',
  },
  /** percent of the net price added as VAT on standard-rated lines, and on reduced-rate tools */
  taxRatePercent: 0,
  reducedTaxRatePercent: 0,
} as const;
