// Issued documents of every kind the shop can issue, built as the issuing code stores them (tests of the e-invoice
// writers; the integration tests issue the same kinds through the routes).
import type { InvoiceDocument, InvoiceLine } from '@/lib/documents/invoice-document';
import { lineTaxCents, taxBreakdown, taxTotals } from '@/lib/tax/rounding';
import { noteFor, type VatCategory } from '@/lib/tax/rules';

export const GERMAN_SELLER: InvoiceDocument['seller'] = {
  name: 'Toolhaus GmbH',
  address: 'Werkstr. 1, 10115 Berlin',
  taxId: '27/123/45678',
  bank: 'Toolhaus GmbH · Spree Bank · IBAN DE02120300000000202051',
  country: 'DE',
  vatId: 'DE123456789',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  contact: {
    name: 'Accounts receivable',
    email: 'invoices@toolhaus.example',
    phone: '+49 30 1234',
  },
};

interface Options {
  category: VatCategory;
  /** per line: [unit cents, quantity, rate basis points] */
  lines: [number, number, number][];
  method?: 'card' | 'invoice';
  buyer?: Partial<InvoiceDocument['buyer']>;
  seller?: InvoiceDocument['seller'];
  kind?: 'invoice' | 'credit_note';
}

export function documentOf(options: Options): InvoiceDocument {
  const lines: InvoiceLine[] = options.lines.map(([unit, quantity, rate], index) => ({
    orderNumber: 1001 + index,
    sku: `SKU-${index + 1}`,
    product: `Tool ${index + 1}`,
    quantity,
    unitPriceCents: unit,
    basePriceCents: unit,
    totalCents: unit * quantity,
    taxRateBasisPoints: rate,
    taxCents: lineTaxCents(unit * quantity, rate),
  }));
  const taxed = lines.map((line) => ({
    category: options.category,
    rateBasisPoints: line.taxRateBasisPoints!,
    netCents: line.totalCents,
    taxCents: line.taxCents!,
  }));
  const totals = taxTotals(taxed);
  const method = options.method ?? 'card';
  const credit = options.kind === 'credit_note';
  return {
    kind: options.kind ?? 'invoice',
    number: credit ? 'CN-2026-000001' : 'INV-2026-000001',
    issuedOn: '2026-11-28',
    dueOn: method === 'invoice' && !credit ? '2026-12-28' : null,
    netDays: method === 'invoice' ? 30 : null,
    method,
    transactionId: method === 'card' ? 'pi_test_1' : null,
    reference: 'Order C-1001',
    poNumber: 'PO-77',
    creditsInvoice: credit ? 'INV-2026-000001' : null,
    ...(credit && { creditsInvoiceIssuedOn: '2026-11-27' }),
    seller: options.seller ?? GERMAN_SELLER,
    buyer: {
      name: 'Bea Buyer',
      email: 'bea@example.com',
      companyName: 'Acme & Söhne <GmbH>',
      taxId: 'FR40303265045',
      billingAddress: 'Rue de la Paix 1, 75002 Paris',
      shippingAddress: '1 Dock Rd',
      phone: '+33 1 23',
      country: 'FR',
      buyerReference: null,
      ...options.buyer,
    },
    lines,
    savingsCents: 0,
    subtotalCents: totals.netCents,
    taxRatePercent: 19,
    taxCents: totals.taxCents,
    totalCents: totals.grossCents,
    taxCategory: options.category,
    taxNote: noteFor(options.category).note,
    taxBreakdown: taxBreakdown(taxed),
  };
}
