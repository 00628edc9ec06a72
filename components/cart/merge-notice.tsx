import { formatPieces } from '@/lib/format';
import type { CartMergeDto, CartMergeLine } from '@/lib/types';

/** One sentence for the toast: how many lines of the cart filled before signing in went where. */
export function mergeSummary(merged: CartMergeDto): string {
  const parts = [
    merged.added.length > 0 && `${merged.added.length} added`,
    merged.capped.length > 0 && `${merged.capped.length} lowered to the stock`,
    merged.refused.length > 0 && `${merged.refused.length} left out`,
  ].filter(Boolean);
  return `The cart you filled before signing in is in your cart now: ${parts.join(', ')}.`;
}

function Lines({ title, lines }: { title: string; lines: CartMergeLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="list-disc pl-5">
        {lines.map((line) => (
          <li key={line.toolId}>
            {line.name} (SKU {line.sku}): {formatPieces(line.quantity)}
            {line.message && <> — {line.message}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** On the cart page after signing in: what became of each line of the cart filled before. */
export function MergeNotice({ merged }: { merged: CartMergeDto }) {
  return (
    <section
      role="status"
      aria-labelledby="merge-title"
      className="alert alert-info alert-soft flex flex-col items-start gap-2"
      data-testid="cart-merge-notice"
    >
      <h2 id="merge-title" className="text-lg font-semibold">
        We added the cart you filled before signing in
      </h2>
      <Lines title="Added" lines={merged.added} />
      <Lines title="Lowered to the stock" lines={merged.capped} />
      <Lines title="Left out" lines={merged.refused} />
    </section>
  );
}
