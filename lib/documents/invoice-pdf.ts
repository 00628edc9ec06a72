import { facturXAttachment } from '@/lib/documents/einvoice/factur-x';
import { renderEInvoice } from '@/lib/documents/einvoice/render';
import { block, drawPdf, PAGE, pieces, table, usd, type Column } from '@/lib/documents/pdf';
import type { InvoiceDocument, InvoiceLine } from '@/lib/documents/invoice-document';
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

/** A line's tool, its order number, where its price came from and what of it waits for stock. */
function lineDescription(doc: InvoiceDocument, line: InvoiceLine): string {
  const source = doc.quote ? `, price of quote ${doc.quote.number}` : '';
  const waiting = line.backOrdered ? `; ${pieces(line.backOrdered)} back-ordered` : '';
  return `${line.product} (order #${line.orderNumber}${source})${waiting}`;
}

/** What the buyer should know beyond the lines: the quote, the day asked for, back-orders, price-break savings. */
function invoiceNotes(doc: InvoiceDocument): string[] {
  const notes: string[] = [];
  if (doc.quote) notes.push(`Prices as agreed in quote ${doc.quote.number}.`);
  if (doc.requestedDeliveryOn) notes.push(`Requested delivery: ${day(doc.requestedDeliveryOn)}.`);
  const backOrdered = doc.lines.reduce((sum, line) => sum + (line.backOrdered ?? 0), 0);
  if (backOrdered > 0) {
    notes.push(
      doc.quote?.leadTimeDays != null
        ? `${pieces(backOrdered)} pieces are back-ordered: they ship within the quote's lead time of ${doc.quote.leadTimeDays} days.`
        : `${pieces(backOrdered)} pieces are back-ordered: they ship as soon as they are restocked.`,
    );
  }
  if (!doc.quote && doc.savingsCents > 0) {
    notes.push(`Price breaks saved you ${usd(doc.savingsCents)}, already in the prices above.`);
  }
  return notes;
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
      if (doc.quote) pdf.text(`Quote: ${doc.quote.number}`);
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
      // Billed to the company when the buyer gave its name (My Profile's company details), to the attention of the
      // buyer.
      const buyerEnd = block(
        pdf,
        'Bill to',
        [
          buyer.companyName,
          buyer.companyName ? `Attn: ${buyer.name}` : buyer.name,
          buyer.email,
          buyer.taxId && `VAT / tax id: ${buyer.taxId}`,
          buyer.billingAddress && `Billing address: ${buyer.billingAddress}`,
          `Ship to: ${buyer.shippingAddress}`,
        ],
        margin + half + 20,
        top,
        half,
      );
      // A negotiated price is the quote's, and says so in its column's title.
      const columns = doc.quote
        ? COLUMNS.map((column) =>
            column.title === 'Unit price' ? { ...column, title: 'Quote price' } : column,
          )
        : COLUMNS;
      let y = table(
        pdf,
        columns,
        doc.lines.map((line) => [
          line.sku,
          lineDescription(doc, line),
          pieces(line.quantity),
          usd(line.unitPriceCents),
          usd(line.totalCents),
        ]),
        Math.max(sellerEnd, buyerEnd) + 20,
      );
      // The prices above are what is charged: savings are a note below the total, never a deduction above it.
      const totals: [string, string][] = [
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
      const notes = invoiceNotes(doc);
      if (notes.length > 0) y = block(pdf, 'Notes', notes, margin, y + 20, width);
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
