import { Price } from '@/components/price';
import type { TaxSummaryDto } from '@/lib/types';

/** "VAT 19 %", "VAT 0 % (reverse charge)": one label per category and rate of the summary. */
const vatLabel = (entry: TaxSummaryDto['taxes'][number]) =>
  `VAT ${entry.ratePercent} %${entry.category === 'AE' ? ' (reverse charge)' : ''}`;

/**
 * Net, VAT by rate and gross as term/value pairs of a two-column `<dl>` (the cart's summary, an order's page, a
 * quote): the server computed every figure (lib/tax/summary.ts). `net={false}` where a subtotal already says it,
 * `total={false}` where a total already does.
 */
export function TaxTerms({
  tax,
  net = true,
  total = true,
  align = 'right',
}: {
  tax: TaxSummaryDto;
  net?: boolean;
  total?: boolean;
  /** the amounts' side: right in a summary box, left in a details list whose other values are */
  align?: 'left' | 'right';
}) {
  const side = align === 'right' ? 'text-right' : 'text-left';
  return (
    <>
      {net && (
        <>
          <dt>Net</dt>
          <dd className={side} data-testid="tax-net">
            <Price amount={tax.net} />
          </dd>
        </>
      )}
      {tax.taxes.map((entry) => (
        <TaxTerm key={`${entry.category}-${entry.ratePercent}`} entry={entry} side={side} />
      ))}
      {total && (
        <>
          <dt className="font-semibold">Total</dt>
          <dd className={`${side} text-lg font-bold`} data-testid="tax-gross">
            <Price amount={tax.gross} />
          </dd>
        </>
      )}
      {tax.note && <dd className="col-span-2 text-xs text-base-content/70">{tax.note}</dd>}
    </>
  );
}

function TaxTerm({ entry, side }: { entry: TaxSummaryDto['taxes'][number]; side: string }) {
  return (
    <>
      <dt>{vatLabel(entry)}</dt>
      <dd className={side} data-testid="tax-vat">
        <Price amount={entry.tax} />
      </dd>
    </>
  );
}

/** The breakdown in one line for a details list: "Net $80.00 · VAT 19 % $15.20", then the legal note. */
export function TaxBreakdown({ tax }: { tax: TaxSummaryDto }) {
  return (
    <span className="flex flex-col">
      <span data-testid="tax-breakdown">
        Net <Price amount={tax.net} />
        {tax.taxes.map((entry) => (
          <span key={`${entry.category}-${entry.ratePercent}`}>
            {' · '}
            {vatLabel(entry)} <Price amount={entry.tax} />
          </span>
        ))}
      </span>
      {tax.note && <span className="text-xs text-base-content/70">{tax.note}</span>}
    </span>
  );
}
