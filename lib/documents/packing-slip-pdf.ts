import { block, drawPdf, PAGE, pieces, table, type Column } from '@/lib/documents/pdf';
import { formatDay } from '@/lib/format';

export interface PackingSlip {
  /** "Order C-1001" */
  reference: string;
  /** YYYY-MM-DD */
  placedOn: string;
  poNumber: string | null;
  /** YYYY-MM-DD: the day the buyer asked to receive it */
  requestedDeliveryOn?: string | null;
  /** a shipment's carrier and tracking number, when the slip is one parcel's */
  tracking?: string | null;
  shipTo: { name: string; address: string; phone: string };
  lines: { orderNumber: number; sku: string; product: string; quantity: number }[];
}

const COLUMNS: Column[] = [
  { title: 'Order', width: 70 },
  { title: 'SKU', width: 100 },
  { title: 'Tool', width: 235 },
  { title: 'Quantity', width: 90, align: 'right' },
];

/** What the warehouse packs and where it goes: lines, SKUs and quantities, never a price. */
export function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  return drawPdf(`Packing slip ${slip.reference}`, slip.placedOn, (pdf) => {
    const { margin, width } = PAGE;
    pdf.font('Helvetica-Bold').fontSize(20).text('Packing slip', margin, margin);
    pdf.font('Helvetica').fontSize(10);
    pdf.text(slip.reference);
    pdf.text(`Placed: ${formatDay(`${slip.placedOn}T00:00:00Z`)}`);
    if (slip.poNumber) pdf.text(`PO number: ${slip.poNumber}`);
    if (slip.requestedDeliveryOn) {
      pdf.text(`Requested delivery: ${formatDay(`${slip.requestedDeliveryOn}T00:00:00Z`)}`);
    }
    if (slip.tracking) pdf.text(`Tracking: ${slip.tracking}`);
    const end = block(
      pdf,
      'Ship to',
      [slip.shipTo.name, slip.shipTo.address, slip.shipTo.phone],
      margin,
      pdf.y + 14,
      width,
    );
    table(
      pdf,
      COLUMNS,
      slip.lines.map((line) => [
        `#${line.orderNumber}`,
        line.sku,
        line.product,
        pieces(line.quantity),
      ]),
      end + 20,
    );
  });
}
