import Link from 'next/link';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import type { Column, View } from '@/components/tables/data-table';
import { formatCount, formatDay, formatOrderNumber } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

/** The id of the element naming an order's product, which describes the order's buttons. */
export const productLabelId = (order: OrderDto, view: View) => `order-${order._id}-product-${view}`;

/** The order's number, linking to its page and history (owner and admins). */
function OrderLink({ order }: { order: OrderDto }) {
  return (
    <Link
      href={`/dashboard/orders/${order._id}`}
      prefetch={false}
      className="link font-semibold"
      aria-label={`Order ${formatOrderNumber(order.number)}: details and history`}
    >
      {formatOrderNumber(order.number)}
    </Link>
  );
}

/** A card's heading: the order's number and product. */
export function OrderCardTitle({ order, view }: { order: OrderDto; view: View }) {
  return (
    <>
      <OrderLink order={order} />
      <span className="flex flex-col">
        <span id={productLabelId(order, view)}>{order.name}</span>
        <Sku sku={order.sku} className="font-normal" />
      </span>
    </>
  );
}

const placed = (order: OrderDto) => (
  <time dateTime={order.createdAt} className="whitespace-nowrap">
    {formatDay(order.createdAt)}
  </time>
);

/** An address that may wrap before its @ rather than anywhere. */
function Email({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 1) return <span className="break-all">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

/**
 * The order (its number and the day it was placed), then My Orders' Name, Email, Product, Price, Quantity, Total: the
 * columns both order lists share. A card shows the number in its title and the day as a fact of its own.
 */
export const ORDER_SUMMARY_COLUMNS: readonly Column<OrderDto>[] = [
  {
    header: 'Order',
    only: 'table',
    cell: (order) => (
      <div className="flex flex-col">
        <OrderLink order={order} />
        <span className="text-xs text-base-content/70">{placed(order)}</span>
      </div>
    ),
  },
  { header: 'Placed', only: 'card', cell: placed },
  { header: 'Name', cell: (order) => order.userName },
  { header: 'Email', cell: (order) => <Email email={order.email} /> },
  {
    header: 'Product',
    // The part number the order was placed under, beside its product (My Orders' columns stay as they are).
    cell: (order, view) => (
      <div className="flex flex-col">
        <span id={productLabelId(order, view)}>{order.name}</span>
        <Sku sku={order.sku} className="text-xs" />
      </div>
    ),
    card: 'none',
  },
  { header: 'Price', cell: (order) => <Price amount={order.price} /> },
  { header: 'Quantity', cell: (order) => formatCount(order.quantity) },
  { header: 'Total', cell: (order) => <Price amount={order.total} className="font-semibold" /> },
];

const STATUS = {
  unpaid: { label: 'Unpaid', className: 'badge-ghost' },
  paid: { label: 'Paid', className: 'badge-info' },
  shipped: { label: 'Shipped', className: 'badge-success' },
} as const;

/** Where the order stands for its customer: Unpaid, Paid, Shipped. */
export function OrderStatusBadge({ order }: { order: OrderDto }) {
  const status = STATUS[order.shipped ? 'shipped' : order.paid ? 'paid' : 'unpaid'];
  return (
    <span className={`badge badge-sm whitespace-nowrap ${status.className}`}>{status.label}</span>
  );
}

/** The customer's Payment cell: Pay while unpaid, else the recorded transaction. */
export function PaymentCell({ order, view }: { order: OrderDto; view: View }) {
  if (!order.paid) {
    return (
      <NavButton
        href={`/dashboard/payment/${order._id}`}
        className="btn btn-success btn-xs"
        describedBy={productLabelId(order, view)}
      >
        Pay
      </NavButton>
    );
  }
  return (
    <div>
      <p className="font-semibold text-success">Payment completed</p>
      {order.transactionId && (
        <p className="max-w-48 text-xs break-all">Transaction id: {order.transactionId}</p>
      )}
    </div>
  );
}

interface ShippingCellProps {
  order: OrderDto;
  busy: boolean;
  onShip: (order: OrderDto) => void;
}

/** The admin's Status cell: Unpaid, then a Pending button that marks the paid order shipped, then Shipped. */
export function ShippingCell({ order, busy, onShip }: ShippingCellProps) {
  if (!order.paid)
    return <span className="btn btn-ghost btn-xs no-animation pointer-events-none">Unpaid</span>;
  if (order.shipped) return <span className="badge badge-success">Shipped</span>;
  return (
    <button
      type="button"
      className="btn btn-warning btn-xs"
      disabled={busy}
      aria-label={`Pending: mark the order for ${order.name} shipped`}
      onClick={() => onShip(order)}
    >
      Pending
    </button>
  );
}
