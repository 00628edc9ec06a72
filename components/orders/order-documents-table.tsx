import { DataTable, type Column } from '@/components/tables/data-table';
import { Price } from '@/components/price';
import { EmailAddress } from '@/components/ui/email-address';
import {
  AmountDueCell,
  BuyerCell,
  DocumentLink,
  LineNumbers,
  LinesSummary,
  NextActionCell,
  PlacedOn,
  UnitPriceCell,
} from '@/components/orders/document-cells';
import { formatCount } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

/**
 * All Orders: one row per order document with docs/PRODUCT.md's index, name, email, product, price per piece,
 * quantity, total and status cell, and what is still due; the status cell holds the next action. Compact enough to
 * fit beside the dashboard menu at 1280 px; one card per order on phones.
 */
export function OrderDocumentsTable({
  documents,
  first,
}: {
  documents: OrderDocumentDto[];
  /** the index of the page's first row */
  first: number;
}) {
  const columns: Column<OrderDocumentDto>[] = [
    {
      header: '#',
      rowHeader: true,
      card: 'none',
      cell: (_document, _view, index) => first + index,
    },
    {
      header: 'Order',
      only: 'table',
      cell: (document) => (
        <div className="flex flex-col">
          <DocumentLink document={document} />
          <LineNumbers document={document} />
          <PlacedOn document={document} />
          {document.poNumber && (
            <span className="max-w-24 text-xs break-all">PO {document.poNumber}</span>
          )}
        </div>
      ),
    },
    { header: 'Placed', only: 'card', cell: (document) => <PlacedOn document={document} /> },
    { header: 'Name', cell: (document) => <BuyerCell document={document} /> },
    {
      header: 'Email',
      cell: (document) => (
        <span className="block max-w-44">
          <EmailAddress email={document.buyer.email} />
        </span>
      ),
    },
    {
      header: 'Product',
      only: 'table',
      cell: (document, view) => <LinesSummary document={document} view={view} />,
    },
    { header: 'Price', cell: (document) => <UnitPriceCell document={document} /> },
    { header: 'Quantity', cell: (document) => formatCount(document.pieces) },
    {
      header: 'Total',
      cell: (document) => <Price amount={document.total} className="font-semibold" />,
    },
    { header: 'Due', cell: (document) => <AmountDueCell document={document} /> },
    {
      header: 'Status',
      card: 'action',
      cell: (document, view) => <NextActionCell document={document} view={view} />,
    },
  ];
  return (
    <DataTable
      caption="All orders"
      columns={columns}
      rows={documents}
      rowKey={(document) => document.id}
      cardTitle={(document, view) => (
        <>
          <DocumentLink document={document} />
          <LinesSummary document={document} view={view} />
        </>
      )}
    />
  );
}
