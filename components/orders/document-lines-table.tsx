import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatCount, formatOrderNumber } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

type Line = OrderDocumentDto['lines'][number];

const COLUMNS: Column<Line>[] = [
  {
    header: 'Line',
    rowHeader: true,
    card: 'none',
    cell: (line) => formatOrderNumber(line.number),
  },
  {
    header: 'Product',
    card: 'none',
    cell: (line) => (
      <div className="flex flex-col">
        <span>{line.name}</span>
        <Sku sku={line.sku} className="text-xs" />
      </div>
    ),
  },
  { header: 'Price', cell: (line) => <Price amount={line.price} /> },
  { header: 'Ordered', cell: (line) => formatCount(line.quantity) },
  { header: 'Shipped', cell: (line) => formatCount(line.shipped) },
  { header: 'Back-ordered', cell: (line) => formatCount(line.backOrdered) },
  { header: 'Total', cell: (line) => <Price amount={line.total} className="font-semibold" /> },
];

/** An order's lines in the order they were placed: pieces ordered, shipped so far and still back-ordered. */
export function DocumentLinesTable({ lines }: { lines: OrderDocumentDto['lines'] }) {
  return (
    <DataTable
      caption="Order lines"
      columns={COLUMNS}
      rows={lines}
      rowKey={(line) => line.orderId}
      cardTitle={(line) => (
        <>
          <span>{formatOrderNumber(line.number)}</span>
          <span className="flex flex-col">
            <span>{line.name}</span>
            <Sku sku={line.sku} className="font-normal" />
          </span>
        </>
      )}
    />
  );
}
