import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { noteFor, type VatCategory } from '@/lib/tax/rules';
import { sellerTaxProfile } from '@/lib/tax/seller';

/**
 * An issued invoice or credit note as EN 16931 sees it (BT-… numbers in the comments), read from the stored record
 * only: the CII (Factur-X, XRechnung) and UBL writers share this one reading, so the two syntaxes and the PDF agree.
 */
export interface EInvoice {
  /** BT-3: 380 commercial invoice, 381 credit note */
  typeCode: '380' | '381';
  number: string;
  issuedOn: string;
  dueOn: string | null;
  currency: 'USD';
  /** BT-10: the buyer's routing reference (Leitweg-ID), else the PO number, else the order */
  buyerReference: string;
  /** BT-13 */
  purchaseOrder: string | null;
  /** BT-25, BT-26 */
  precedingInvoice: { number: string; issuedOn: string | null } | null;
  /** BT-22: the order the document bills */
  note: string;
  seller: {
    name: string;
    address: string;
    country: string;
    vatId: string | null;
    taxId: string;
    iban: string;
    bic: string;
    contact: { name: string; email: string; phone: string };
  };
  buyer: {
    name: string;
    contactName: string;
    email: string;
    phone: string;
    address: string;
    country: string;
    vatId: string | null;
  };
  lines: {
    id: string;
    sku: string;
    name: string;
    quantity: number;
    unitCents: number;
    netCents: number;
    category: VatCategory;
    rateBasisPoints: number;
  }[];
  breakdown: {
    category: VatCategory;
    rateBasisPoints: number;
    netCents: number;
    taxCents: number;
    exemptionReason: string | null;
    exemptionCode: string | null;
  }[];
  totals: {
    netCents: number;
    taxCents: number;
    grossCents: number;
    prepaidCents: number;
    dueCents: number;
  };
  /** BG-16: paid by card, or to be paid (or credited) by bank transfer to the seller's IBAN */
  payment: { kind: 'card'; transactionId: string | null } | { kind: 'transfer' };
  /** BT-20 */
  paymentTerms: string;
}

/** Whether a category carries a rate in EN 16931 (not subject to VAT has none: BR-O-5, BR-O-9). */
export const hasRate = (category: VatCategory) => category !== 'O';

/**
 * The stored record as an e-invoice. Invoices from before the tax breakdown were all issued without VAT (the demo
 * seller charged none), so they read as not subject (O); the seller's details they lack are today's.
 */
export function eInvoiceOf(doc: InvoiceDocument): EInvoice {
  const current = sellerTaxProfile();
  const category: VatCategory = doc.taxCategory ?? 'O';
  if (!doc.taxBreakdown && doc.taxCents !== 0)
    throw new Error(`Invoice ${doc.number} has tax but no breakdown`);
  const breakdown = (
    doc.taxBreakdown ?? [{ category, rateBasisPoints: 0, netCents: doc.subtotalCents, taxCents: 0 }]
  ).map((entry) => {
    const { note, exemptionCode } = noteFor(entry.category as VatCategory);
    return {
      category: entry.category as VatCategory,
      rateBasisPoints: entry.rateBasisPoints,
      netCents: entry.netCents,
      taxCents: entry.taxCents,
      exemptionReason: note,
      exemptionCode,
    };
  });
  const creditNote = doc.kind === 'credit_note';
  const byCard = doc.method === 'card' && !creditNote;
  const seller = doc.seller;
  return {
    typeCode: creditNote ? '381' : '380',
    number: doc.number,
    issuedOn: doc.issuedOn,
    dueOn: creditNote ? null : doc.dueOn,
    currency: 'USD',
    buyerReference: doc.buyer.buyerReference ?? doc.poNumber ?? doc.reference,
    purchaseOrder: doc.poNumber,
    precedingInvoice: doc.creditsInvoice
      ? { number: doc.creditsInvoice, issuedOn: doc.creditsInvoiceIssuedOn ?? null }
      : null,
    note: doc.reference,
    seller: {
      name: seller.name,
      address: seller.address,
      country: seller.country ?? current.country,
      vatId: doc.taxCategory ? (seller.vatId ?? null) : null,
      taxId: seller.taxId,
      iban: seller.iban ?? current.iban,
      bic: seller.bic ?? current.bic,
      contact: seller.contact ?? current.contact,
    },
    buyer: {
      name: doc.buyer.companyName ?? doc.buyer.name,
      contactName: doc.buyer.name,
      email: doc.buyer.email,
      phone: doc.buyer.phone,
      address: doc.buyer.billingAddress ?? doc.buyer.shippingAddress,
      // No country given: taxed as the seller's own (lib/tax/rules.ts), so billed there too.
      country: doc.buyer.country ?? seller.country ?? current.country,
      vatId: doc.buyer.taxId,
    },
    lines: doc.lines.map((line) => ({
      id: String(line.orderNumber),
      sku: line.sku,
      name: line.product,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      netCents: line.totalCents,
      category,
      rateBasisPoints: line.taxRateBasisPoints ?? 0,
    })),
    breakdown,
    totals: {
      netCents: doc.subtotalCents,
      taxCents: doc.taxCents,
      grossCents: doc.totalCents,
      prepaidCents: byCard ? doc.totalCents : 0,
      dueCents: byCard ? 0 : doc.totalCents,
    },
    payment:
      doc.method === 'card'
        ? { kind: 'card', transactionId: doc.transactionId }
        : { kind: 'transfer' },
    paymentTerms: creditNote
      ? `Credits invoice ${doc.creditsInvoice} in full`
      : byCard
        ? `Paid by card, transaction ${doc.transactionId}`
        : `Net ${doc.netDays} days, due ${doc.dueOn}`,
  };
}
