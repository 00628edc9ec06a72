import Link from 'next/link';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { InvoiceLink } from '@/components/orders/document-links';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import type { View } from '@/components/tables/data-table';
import { formatCheckoutNumber, formatCount } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import type { OrderDto } from '@/lib/types';

/** The id of a checkout's heading, which describes its buttons. */
const headingId = (checkoutId: string, view: View) => `checkout-${checkoutId}-${view}`;

/**
 * The heading of a checkout's orders in My Orders: its number, PO number, lines and total, with the one Pay and the
 * one Cancel that act on all of them.
 */
export function CheckoutHeading({
  orders,
  view,
  busy,
  onCancel,
}: {
  orders: OrderDto[];
  view: View;
  busy: boolean;
  onCancel: (order: OrderDto) => void;
}) {
  const first = orders[0]!;
  const checkoutId = first.checkoutId!;
  const paid = first.paid;
  const total = toDollars(orders.reduce((sum, order) => sum + toCents(order.total), 0));
  const id = headingId(checkoutId, view);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 font-normal">
      <p id={id} className="flex flex-wrap items-baseline gap-x-3">
        <Link href={`/checkout/${checkoutId}`} prefetch={false} className="link font-semibold">
          Checkout {formatCheckoutNumber(first.checkoutNumber ?? 0)}
        </Link>
        {first.poNumber && <span>PO {first.poNumber}</span>}
        <span>
          {formatCount(orders.length)} {orders.length === 1 ? 'line' : 'lines'},{' '}
          <Price amount={total} className="font-semibold" />
        </span>
        <span className={`badge badge-sm ${paid ? 'badge-info' : 'badge-ghost'}`}>
          {paid ? 'Paid' : 'Unpaid'}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {!paid && (
          <NavButton
            href={`/checkout/${checkoutId}`}
            className="btn btn-success btn-xs"
            describedBy={id}
          >
            Pay
          </NavButton>
        )}
        {!paid && (
          <button
            type="button"
            className="btn btn-error btn-outline btn-xs"
            disabled={busy}
            aria-describedby={id}
            onClick={() => onCancel(first)}
          >
            Cancel
          </button>
        )}
        <OrderAgainButton target={{ checkoutId }} describedBy={id} />
        <InvoiceLink order={first} />
      </div>
    </div>
  );
}
