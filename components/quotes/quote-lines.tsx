import { Price } from '@/components/price';
import { TableFrame } from '@/components/tables/table-frame';
import { formatPieces } from '@/lib/format';
import type { QuoteDto } from '@/lib/types';

/** The quote's lines: what was asked, the catalogue's price for comparison, the quoted price; stock for admins. */
export function QuoteLines({ quote, admin }: { quote: QuoteDto; admin: boolean }) {
  const headers = [
    'Product',
    'Quantity',
    'List price',
    'Quoted price',
    'Line total',
    ...(admin ? ['In stock'] : []),
    ...(quote.status === 'accepted' ? ['Back-ordered'] : []),
  ];
  return (
    <TableFrame caption="Quote lines" headers={headers}>
      {quote.lines.map((line) => (
        <tr key={line.toolId}>
          <th scope="row" className="font-medium">
            {line.name} <span className="text-xs text-base-content/70">{line.sku}</span>
          </th>
          <td>{formatPieces(line.quantity)}</td>
          <td>
            <Price amount={line.listPrice} />
          </td>
          <td>{line.unitPrice === undefined ? '—' : <Price amount={line.unitPrice} />}</td>
          <td>
            {line.unitPrice === undefined ? '—' : <Price amount={line.unitPrice * line.quantity} />}
          </td>
          {admin && <td>{formatPieces(line.stock ?? 0)}</td>}
          {quote.status === 'accepted' && (
            <td>
              {line.backOrdered
                ? `${formatPieces(line.backOrdered)}, within ${quote.leadTimeDays} days`
                : 'none'}
            </td>
          )}
        </tr>
      ))}
    </TableFrame>
  );
}
