import { Price } from '@/components/price';
import { formatCount } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

/**
 * What a piece costs by order size: the base price from the minimum order, then each break. Nothing when the tool
 * has no breaks (its one price is shown beside it already).
 */
export function PriceBreaksTable({
  tool,
}: {
  tool: Pick<ToolDto, 'price' | 'min_quantity' | 'priceBreaks'>;
}) {
  if (tool.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.min_quantity, price: tool.price }, ...tool.priceBreaks];
  return (
    <table className="table table-sm w-full max-w-sm rounded-box border border-base-300">
      <caption className="mb-1 text-left text-sm font-semibold">Price by quantity</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col" className="text-right">
            Price per unit
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const next = rows[index + 1];
          return (
            <tr key={row.minQuantity}>
              <th scope="row" className="font-normal">
                {next
                  ? `${formatCount(row.minQuantity)}–${formatCount(next.minQuantity - 1)} pieces`
                  : `${formatCount(row.minQuantity)}+ pieces`}
              </th>
              <td className="text-right font-semibold">
                <Price amount={row.price} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
