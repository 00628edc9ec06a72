import { facturXAttachment } from '@/lib/documents/einvoice/factur-x';
import { renderEInvoice } from '@/lib/documents/einvoice/render';
import { block, drawPdf, PAGE, pieces, table, usd, type Column } from '@/lib/documents/pdf';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { formatDay } from '@/lib/format';

const COLUMNS: Column[] = [
  { title: 'SKU', width: 80 },
  { title: 'Tool', width: 165 },
  { title: 'Quantity', width: 70, align: 'right' },
  { title: 'Unit price', width: 85, align: 'right' },
  { title: 'Line total', width: 95, align: 'right' },
];

const day = (isoDay: string) => formatDay(`${isoDay}T00:00:00Z`);

/** The payment line: paid by card (with the transaction), or the terms and the day it is due. */
function paymentLine(doc: InvoiceDocument): string {
  if (doc.kind === 'credit_note') return `Cancels invoice ${doc.creditsInvoice}`;
  if (doc.method === 'card') return `Paid by card, transaction ${doc.transactionId}`;
  return `Terms: net ${doc.netDays} days. Due date: ${day(doc.dueOn!)}`;
}

/** The tax rows: one per VAT category and rate (an invoice from before the breakdown printed its one rate). */
function taxRows(doc: InvoiceDocument): [string, string][] {
  if (!doc.taxBreakdown) return [[`Tax (${doc.taxRatePercent}%)`, usd(doc.taxCents)]];
  return doc.taxBreakdown.map((entry) => [
    `Tax (${entry.rateBasisPoints / 100}%${entry.category === 'AE' ? ', reverse charge' : ''})`,
    usd(entry.taxCents),
  ]);
}

/**
 * An invoice or credit note as a Factur-X PDF (PDF/A-3b with its EN 16931 CII XML inside as factur-x.xml), drawn
 * only from what was stored when it was issued: the page and the XML are two views of one record.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const attachment = facturXAttachment(renderEInvoice(doc, 'cii'));
  return drawPdf(
    `${title} ${doc.number}`,
    doc.issuedOn,
    (pdf) => {
      const { margin, width } = PAGE;
      pdf.font('Helvetica-Bold').fontSize(20).text(`${title} ${doc.number}`, margin, margin);
      pdf.font('Helvetica').fontSize(10);
      pdf.text(`Date: ${day(doc.issuedOn)}`);
      pdf.text(doc.reference);
      if (doc.poNumber) pdf.text(`PO number: ${doc.poNumber}`);
      pdf.text(paymentLine(doc));
      const top = pdf.y + 14;
      const half = width / 2 - 10;
      const { seller, buyer } = doc;
      const sellerEnd = block(
        pdf,
        'Seller',
        [
          seller.name,
          seller.address,
          `Tax id: ${seller.taxId}`,
          seller.vatId && `VAT id: ${seller.vatId}`,
        ],
        margin,
        top,
        half,
      );
      const buyerEnd = block(
        pdf,
        'Bill to',
        [
          buyer.companyName,
          buyer.name,
          buyer.email,
          buyer.taxId && `VAT / tax id: ${buyer.taxId}`,
          buyer.billingAddress && `Billing address: ${buyer.billingAddress}`,
          `Ship to: ${buyer.shippingAddress}`,
        ],
        margin + half + 20,
        top,
        half,
      );
      let y = table(
        pdf,
        COLUMNS,
        doc.lines.map((line) => [
          line.sku,
          `${line.product} (order #${line.orderNumber})`,
          pieces(line.quantity),
          usd(line.unitPriceCents),
          usd(line.totalCents),
        ]),
        Math.max(sellerEnd, buyerEnd) + 20,
      );
      const totals: [string, string][] = [
        ['Price break savings', usd(doc.savingsCents)],
        ['Subtotal', usd(doc.subtotalCents)],
        ...taxRows(doc),
        ['Total', usd(doc.totalCents)],
      ];
      for (const [label, amount] of totals) {
        pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
        pdf.text(label, margin + 250, y + 4, { width: 150 });
        pdf.text(amount, margin + 400, y + 4, { width: width - 400, align: 'right' });
        y = pdf.y;
      }
      if (doc.taxNote) {
        pdf
          .font('Helvetica')
          .fontSize(9)
          .text(doc.taxNote, margin, y + 8, { width });
        y = pdf.y;
      }
      if (doc.kind === 'invoice' && doc.method === 'invoice') {
        block(
          pdf,
          'Pay by bank transfer',
          [seller.bank, `Reference: ${doc.number}`],
          margin,
          y + 20,
          width,
        );
      }
    },
    attachment,
  );
}
