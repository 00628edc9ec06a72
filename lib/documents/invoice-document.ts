/** Everything an invoice or credit note prints, stored with it when issued (money in integer cents). */
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
  /** a credit note: the invoice it cancels */
  creditsInvoice: string | null;
  seller: { name: string; address: string; taxId: string; bank: string };
  buyer: {
    name: string;
    email: string;
    companyName: string | null;
    taxId: string | null;
    billingAddress: string | null;
    shippingAddress: string;
    phone: string;
  };
  lines: InvoiceLine[];
  savingsCents: number;
  /** the total without its tax */
  subtotalCents: number;
  taxRatePercent: number;
  taxCents: number;
  totalCents: number;
}

export interface InvoiceLine {
  orderNumber: number;
  sku: string;
  product: string;
  quantity: number;
  unitPriceCents: number;
  /** the tool's price without a price break, when the invoice was issued */
  basePriceCents: number;
  totalCents: number;
  /** pieces not in stock when ordered, shipped when made (absent on invoices issued before it was printed) */
  backOrdered?: number;
}

/**
 * The tax inside a tax-inclusive total: total − round(total ÷ (1 + rate)), rounded half up to the cent once per
 * invoice (never per line), so subtotal + tax is always exactly the amount charged.
 */
export function taxIncluded(totalCents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return totalCents - Math.round((totalCents * 10_000) / (10_000 + basisPoints));
}
