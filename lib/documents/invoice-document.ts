import type { TaxBreakdownEntry } from '@/lib/tax/rounding';
import type { VatCategory } from '@/lib/tax/rules';

/**
 * Everything an invoice or credit note prints, stored with it when issued (money in integer cents). The PDF, the
 * Factur-X XML inside it and the XRechnung/UBL XML are all drawn from this record alone, so they never disagree.
 * Invoices issued before tax by buyer lack the fields marked "since e-invoices".
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** YYYY-MM-DD (UTC) */
  issuedOn: string;
  /** net terms: the day payment is due, and the terms it came from */
  dueOn: string | null;
  netDays: number | null;
  method: 'card' | 'invoice';
  transactionId: string | null;
  /** "Order C-1001" */
  reference: string;
  poNumber: string | null;
  /** YYYY-MM-DD: the day the buyer asked to receive it (absent on invoices issued before it was asked) */
  requestedDeliveryOn?: string | null;
  /** the accepted quote the order came from: its prices are the quote's, its back-orders keep its lead time */
  quote?: { number: string; leadTimeDays: number | null } | null;
  /** a credit note: the invoice it cancels, and (since e-invoices) that invoice's day */
  creditsInvoice: string | null;
  creditsInvoiceIssuedOn?: string;
  seller: {
    name: string;
    address: string;
    taxId: string;
    bank: string;
    /** since e-invoices */
    country?: string;
    vatId?: string | null;
    iban?: string;
    bic?: string;
    contact?: { name: string; email: string; phone: string };
  };
  buyer: {
    name: string;
    email: string;
    companyName: string | null;
    taxId: string | null;
    billingAddress: string | null;
    shippingAddress: string;
    phone: string;
    /** since e-invoices: the billing country (null: none given, taxed as the seller's) and BT-10 */
    country?: string | null;
    buyerReference?: string | null;
  };
  lines: InvoiceLine[];
  savingsCents: number;
  /** the total without its tax (net) */
  subtotalCents: number;
  /** the standard rate when issued (printed by invoices from before the breakdown) */
  taxRatePercent: number;
  taxCents: number;
  /** gross: net plus tax */
  totalCents: number;
  /** since e-invoices: the VAT category of the buyer's treatment, its legal note, and VAT by category and rate */
  taxCategory?: VatCategory;
  taxNote?: string | null;
  taxBreakdown?: TaxBreakdownEntry[];
}

export interface InvoiceLine {
  orderNumber: number;
  sku: string;
  product: string;
  quantity: number;
  unitPriceCents: number;
  /** the tool's price without a price break, when the invoice was issued */
  basePriceCents: number;
  /** the line's net amount */
  totalCents: number;
  /** pieces not in stock when ordered, shipped when made (absent on invoices issued before it was printed) */
  backOrdered?: number;
  /** since e-invoices: the line's VAT as placed */
  taxRateBasisPoints?: number;
  taxCents?: number;
}
