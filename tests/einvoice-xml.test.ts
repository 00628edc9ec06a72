// The e-invoice writers on stored records the routes can not make today: invoices issued before the tax breakdown,
// and text no form lets through. The routes' own documents are tests/einvoices.test.ts's.
import { describe, expect, it } from 'vitest';
import { renderEInvoice } from '@/lib/documents/einvoice/render';
import { escapeXml } from '@/lib/documents/einvoice/xml';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { documentOf } from './einvoice-documents';
import { validateEInvoice } from './einvoice-validate';

/** An invoice as stored before tax by buyer: no category, breakdown, line tax, seller country, IBAN or contact. */
function legacy(taxCents = 0): InvoiceDocument {
  const doc: InvoiceDocument = {
    ...documentOf({ category: 'O', lines: [[1250, 20, 0]] }),
    taxCents,
    taxRatePercent: 0,
    seller: {
      name: 'Toolhaus Manufacturing Ltd.',
      address: 'Chattogram',
      taxId: 'BIN 1',
      bank: 'x',
    },
  };
  delete doc.taxCategory;
  delete doc.taxNote;
  delete doc.taxBreakdown;
  delete doc.buyer.country;
  delete doc.buyer.buyerReference;
  for (const line of doc.lines) {
    delete line.taxCents;
    delete line.taxRateBasisPoints;
  }
  return doc;
}

describe('e-invoices of stored records', () => {
  it('reads an invoice from before the breakdown as not subject to VAT, valid in both syntaxes', () => {
    for (const syntax of ['cii', 'ubl'] as const) {
      const xml = renderEInvoice(legacy(), syntax);
      expect(xml).toMatch(/CategoryCode>O<|<cbc:ID>O</);
      const { status, report } = validateEInvoice(xml);
      expect(status, report).toBe(0);
    }
  }, 60_000);

  it('refuses to make one up for an old invoice that split tax out of its total', () => {
    expect(() => renderEInvoice(legacy(166))).toThrow(/has tax but no breakdown/);
  });

  it('escapes markup and drops characters XML 1.0 can not carry', () => {
    expect(escapeXml(`A & B <C> "D" 'E'\u0001\u0008é`)).toBe(
      'A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos;é',
    );
    const doc = documentOf({
      category: 'S',
      lines: [[999, 1, 1900]],
      buyer: { country: 'DE', companyName: 'Ärger & <Co>\u0007 "GmbH"' },
    });
    const { status, report } = validateEInvoice(renderEInvoice(doc));
    expect(status, report).toBe(0);
  }, 60_000);
});
