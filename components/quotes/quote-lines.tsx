import { Price } from '@/components/price';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatPieces } from '@/lib/format';
import type { QuoteDto, QuoteLineDto } from '@/lib/types';

const quoted = (line: QuoteLineDto, amount: number | undefined) =>
  amount === undefined ? '—' : <Price amount={amount} />;

/**
 * The quote's lines: what was asked, the catalogue's price for comparison, the quoted price; stock for admins and,
 * once accepted, the pieces back-ordered. A table on wide screens, a card per line on a phone.
 */
export function QuoteLines({ quote, admin }: { quote: QuoteDto; admin: boolean }) {
  const columns: Column<QuoteLineDto>[] = [
    {
      header: 'Product',
      rowHeader: true,
      card: 'none',
      cell: (line) => (
        <>
          {line.name} <span className="text-xs text-base-content/70">{line.sku}</span>
        </>
      ),
    },
    { header: 'Quantity', cell: (line) => formatPieces(line.quantity) },
    { header: 'List price', cell: (line) => <Price amount={line.listPrice} /> },
    { header: 'Quoted price', cell: (line) => quoted(line, line.unitPrice) },
    {
      header: 'Line total',
      cell: (line) => quoted(line, line.unitPrice && line.unitPrice * line.quantity),
    },
  ];
  if (admin) columns.push({ header: 'In stock', cell: (line) => formatPieces(line.stock ?? 0) });
  if (quote.status === 'accepted') {
    columns.push({
      header: 'Back-ordered',
      cell: (line) =>
        line.backOrdered
          ? `${formatPieces(line.backOrdered)}, within ${quote.leadTimeDays} days`
          : 'none',
    });
  }
  return (
    <DataTable
      caption="Quote lines"
      columns={columns}
      rows={quote.lines}
      rowKey={(line) => line.toolId}
      cardTitle={(line) => line.name}
    />
  );
}
