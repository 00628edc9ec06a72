import { DataTable, type Column } from '@/components/tables/data-table';
import { Price } from '@/components/price';
import { BuyerCell, DocumentLink, PlacedOn } from '@/components/orders/document-cells';
import { DocumentStatusBadge } from '@/components/orders/order-cells';
import { formatCheckoutNumber, formatCount } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

const COLUMNS: Column<OrderDocumentDto>[] = [
  {
    header: 'Order',
    rowHeader: true,
    card: 'none',
    cell: (document) => <DocumentLink document={document} />,
  },
  { header: 'Placed', cell: (document) => <PlacedOn document={document} /> },
  { header: 'Placed by', cell: (document) => <BuyerCell document={document} /> },
  { header: 'Pieces', cell: (document) => formatCount(document.pieces) },
  {
    header: 'Total',
    cell: (document) => <Price amount={document.total} className="font-semibold" />,
  },
  { header: 'Status', cell: (document) => <DocumentStatusBadge document={document} /> },
];

/** A company's orders, whoever placed them: each links to its page (the buyer pays there, everyone reads). */
export function CompanyOrdersTable({ documents }: { documents: OrderDocumentDto[] }) {
  return (
    <DataTable
      caption="The company's orders"
      columns={COLUMNS}
      rows={documents}
      rowKey={(document) => document.id}
      cardTitle={(document) => `Order ${formatCheckoutNumber(document.number)}`}
    />
  );
}
