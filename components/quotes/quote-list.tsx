import Link from 'next/link';
import type { Route } from 'next';
import { Price } from '@/components/price';
import { DataTable, type Column } from '@/components/tables/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDay, formatPieces, formatQuoteNumber } from '@/lib/format';
import type { QuoteSummaryDto } from '@/lib/types';

const quotePath = (quote: QuoteSummaryDto) => `/dashboard/quotes/${quote.quoteId}` as Route;

const QuoteLink = ({ quote }: { quote: QuoteSummaryDto }) => (
  <Link href={quotePath(quote)} prefetch={false} className="link font-medium">
    {formatQuoteNumber(quote.number)}
  </Link>
);

const COLUMNS: Column<QuoteSummaryDto>[] = [
  { header: 'Quote', rowHeader: true, card: 'none', cell: (quote) => <QuoteLink quote={quote} /> },
  { header: 'Customer', cell: (quote) => `${quote.customer.name} (${quote.customer.email})` },
  { header: 'Requested', cell: (quote) => formatDay(quote.createdAt) },
  { header: 'Lines', cell: (quote) => `${quote.lineCount}: ${formatPieces(quote.pieces)}` },
  {
    header: 'Total',
    cell: (quote) => (quote.total === undefined ? '—' : <Price amount={quote.total} />),
  },
  {
    header: 'Valid until',
    cell: (quote) => (quote.validUntil ? formatDay(quote.validUntil) : '—'),
  },
  { header: 'Status', cell: (quote) => <StatusBadge status={quote.status} /> },
];

/** My Quotes (without the customer column) or an admin's Quotes: each quote links to its page. */
export function QuoteList({ quotes, admin }: { quotes: QuoteSummaryDto[]; admin: boolean }) {
  if (quotes.length === 0) {
    return admin ? (
      <EmptyState message="No quotes match these filters." />
    ) : (
      <EmptyState
        message="You have not asked for a quote yet. Ask from your cart or a tool's page."
        action={{ href: '/cart', label: 'Open your cart' }}
      />
    );
  }
  return (
    <DataTable
      caption={admin ? 'Quotes' : 'My Quotes'}
      columns={admin ? COLUMNS : COLUMNS.filter((column) => column.header !== 'Customer')}
      rows={quotes}
      rowKey={(quote) => quote.quoteId}
      cardTitle={(quote) => (
        <span className="flex items-center gap-2">
          <QuoteLink quote={quote} /> <StatusBadge status={quote.status} />
        </span>
      )}
    />
  );
}
