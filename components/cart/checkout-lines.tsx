import { Price } from '@/components/price';
import { formatPieces } from '@/lib/format';

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

/** A checkout's lines and total, as the review before placing and the confirmation after show them. */
export function CheckoutLines({
  lines,
  total,
  label,
}: {
  lines: Line[];
  total: number;
  label: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
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
              </td>
              <td className="text-right whitespace-nowrap">{formatPieces(line.quantity)}</td>
              <td className="text-right">
                <Price amount={line.unitPrice} />
              </td>
              <td className="text-right">
                <Price amount={line.lineTotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-right">
              Total
            </th>
            <td className="text-right text-base font-bold" data-testid="checkout-total">
              <Price amount={total} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
