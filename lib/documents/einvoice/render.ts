import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { toCii } from '@/lib/documents/einvoice/cii';
import { eInvoiceOf } from '@/lib/documents/einvoice/model';
import { toUbl } from '@/lib/documents/einvoice/ubl';

export type EInvoiceSyntax = 'cii' | 'ubl';

/** An issued invoice or credit note as EN 16931 XML: CII (Factur-X, XRechnung-CII) or UBL 2.1. */
export function renderEInvoice(doc: InvoiceDocument, syntax: EInvoiceSyntax = 'cii'): string {
  const invoice = eInvoiceOf(doc);
  return syntax === 'ubl' ? toUbl(invoice) : toCii(invoice);
}
