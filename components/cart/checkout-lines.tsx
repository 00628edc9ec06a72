import { TaxTerms } from '@/components/invoices/tax-summary';
import { Price } from '@/components/price';
import { formatPieces } from '@/lib/format';
import type { TaxSummaryDto } from '@/lib/types';

interface Line {
  key: string;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** the order number, once placed */
  reference?: string;
}

/**
 * A checkout's lines and total, as the review before placing and the confirmation after show them; with its tax,
 * the total (gross) is broken down into the net and the VAT by rate under the table.
 */
export function CheckoutLines({
  lines,
  total,
  label,
  tax,
}: {
  lines: Line[];
  total: number;
  label: string;
  tax?: TaxSummaryDto;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Quantity
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <td>
                <span className="font-semibold">{line.name}</span>
                <span className="block font-mono text-xs">
                  {line.reference && `${line.reference} · `}SKU {line.sku}
                </span>
                {/* A phone has no room for two more columns: the quantity and unit price go here. */}
                <span className="block text-sm sm:hidden">
                  {formatPieces(line.quantity)} × <Price amount={line.unitPrice} />
                </span>
              </td>
              <td className="hidden text-right whitespace-nowrap sm:table-cell">
                {formatPieces(line.quantity)}
              </td>
              <td className="hidden text-right sm:table-cell">
                <Price amount={line.unitPrice} />
              </td>
              <td className="text-right whitespace-nowrap">
                <Price amount={line.lineTotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="text-right">
              Total
            </th>
            <td colSpan={2} className="hidden sm:table-cell" />
            <td className="text-right text-base font-bold" data-testid="checkout-total">
              <Price amount={total} />
            </td>
          </tr>
        </tfoot>
      </table>
      {tax && (
        // The total's make-up under the table: the lines' net and the VAT by rate.
        <dl
          aria-label="Tax breakdown"
          className="mt-2 ml-auto grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-1 px-4 text-sm"
        >
          <TaxTerms tax={tax} total={false} />
        </dl>
      )}
    </div>
  );
}
