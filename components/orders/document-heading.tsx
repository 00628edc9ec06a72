import Link from 'next/link';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { InvoiceLink } from '@/components/orders/document-links';
import { DocumentStatusBadge, DueOn, orderStatus } from '@/components/orders/order-cells';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import type { View } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatCheckoutNumber, formatCount } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import type { OrderDocumentDto, OrderDto } from '@/lib/types';

/** The id of an order's heading, which describes its buttons. */
const headingId = (key: string, view: View) => `checkout-${key}-${view}`;

/**
 * The heading of an order of many lines in My Orders: its number, PO number, lines and total, with the one Pay (for
 * what is still due; "Due {day}" on net terms), the one Cancel and the one invoice that act on all of them.
 */
export function DocumentHeading({
  lines,
  document,
  view,
  busy,
  onCancel,
}: {
  lines: OrderDto[];
  /** what the ledger says, once read */
  document: OrderDocumentDto | undefined;
  view: View;
  busy: boolean;
  onCancel: (order: OrderDto) => void;
}) {
  const first = lines[0]!;
  const key = first.checkoutId;
  const paid = first.paid;
  const total = toDollars(lines.reduce((sum, order) => sum + toCents(order.total), 0));
  const due = document?.amountDue ?? total;
  const id = headingId(key, view);
  const shipped = lines.every((line) => line.shipped);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 font-normal">
      <p id={id} className="flex flex-wrap items-baseline gap-x-3">
        <Link href={`/dashboard/orders/${key}`} prefetch={false} className="link font-semibold">
          Order {formatCheckoutNumber(first.checkoutNumber)}
        </Link>
        {first.poNumber && <span>PO {first.poNumber}</span>}
        <span>
          {formatCount(lines.length)} {lines.length === 1 ? 'line' : 'lines'},{' '}
          <Price amount={total} className="font-semibold" />
        </span>
        {document ? (
          <DocumentStatusBadge document={document} />
        ) : (
          <StatusBadge status={orderStatus({ ...first, shipped })} />
        )}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {paid ? (
          <span className="text-sm">
            <span className="font-semibold text-success">Payment completed</span>
            {first.transactionId && (
              <span className="font-mono text-xs break-all"> {first.transactionId}</span>
            )}
          </span>
        ) : first.dueDate ? (
          <DueOn dueDate={first.dueDate} />
        ) : document?.awaitingApproval ? (
          // Nothing is payable before an approver of the company approves it.
          <span className="text-sm">Waits for your company&apos;s approval</span>
        ) : (
          <NavButton
            href={`/dashboard/payment/${first._id}`}
            className={`${BUTTON.primary} ${ROW_BUTTON}`}
            describedBy={id}
          >
            Pay <Price amount={due} />
          </NavButton>
        )}
        {!paid && (
          <button
            type="button"
            className={`${BUTTON.destructive} ${ROW_BUTTON}`}
            disabled={busy}
            aria-describedby={id}
            onClick={() => onCancel(first)}
          >
            Cancel
          </button>
        )}
        <OrderAgainButton target={{ checkoutId: key }} describedBy={id} />
        <InvoiceLink order={{ ...first, dueDate: undefined }} />
      </div>
    </div>
  );
}
