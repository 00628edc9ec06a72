import { formatCount, formatUsd } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

type PricedTool = Pick<ToolDto, 'price' | 'min_quantity' | 'priceBreaks'>;

/**
 * What a piece costs at each quantity: the base price from the minimum order, then every break, one line each as a
 * buyer reads it aloud ("1,000+ pieces: $9.50 each"). Nothing for a tool without breaks: the page shows its price.
 */
export function PriceBreakTable({ tool, id }: { tool: PricedTool; id: string }) {
  if (tool.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.min_quantity, price: tool.price }, ...tool.priceBreaks];
  return (
    <section aria-labelledby={id} className="rounded-box bg-base-200 px-4 py-3">
      <h2 id={id} className="mb-1 font-semibold">
        Volume pricing
      </h2>
      <ul className="divide-y divide-base-300">
        {rows.map((row, index) => (
          <li key={row.minQuantity} className="flex flex-wrap justify-between gap-x-4 py-1.5">
            <span>
              {formatCount(row.minQuantity)}+ pieces:{' '}
              <strong className="tabular-nums">{formatUsd(row.price)} each</strong>
            </span>
            {index > 0 && (
              <span className="text-sm text-base-content/80">
                save {Math.round((1 - row.price / tool.price) * 100)}%
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
