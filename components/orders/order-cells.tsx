import Link from 'next/link';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import type { Column, View } from '@/components/tables/data-table';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { EmailAddress } from '@/components/ui/email-address';
import { StatusBadge } from '@/components/ui/status-badge';
import { orderStateOf, type OrderState } from '@/lib/order-status';
import { formatCount, formatDay, formatOrderNumber } from '@/lib/format';
import type { OrderDocumentDto, OrderDto } from '@/lib/types';
import { InvoiceLink } from '@/components/orders/document-links';

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
  { header: 'Email', cell: (order) => <EmailAddress email={order.email} /> },
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

/** Where a line stands, in the order's status language (lib/order-status.ts). */
export const orderStatus = (order: Pick<OrderDto, 'paid' | 'shipped'>): OrderState =>
  orderStateOf({ paid: order.paid, status: order.shipped ? 'shipped' : 'placed' });

export function OrderStatusBadge({ order }: { order: OrderDto }) {
  return <StatusBadge status={orderStatus(order)} />;
}

/** An order document's state badge: the same names and colours on the buyer's and the admin's screens. */
export function DocumentStatusBadge({
  document,
}: {
  document: Pick<OrderDocumentDto, 'paid' | 'status' | 'awaitingApproval'>;
}) {
  return <StatusBadge status={orderStateOf(document)} />;
}

/** The day an invoice on net terms is due, said instead of Pay: it is paid by transfer, not at once. */
export function DueOn({ dueDate }: { dueDate: string }) {
  return <p className="font-semibold whitespace-nowrap">Due {formatDay(`${dueDate}T00:00:00Z`)}</p>;
}

/** The customer's Payment cell: Pay while unpaid ("Due {day}" on terms), else the recorded transaction. */
export function PaymentCell({ order, view }: { order: OrderDto; view: View }) {
  if (!order.paid && order.dueDate) {
    return (
      <div className="flex flex-col items-start gap-1 text-sm">
        <DueOn dueDate={order.dueDate} />
        <InvoiceLink order={{ ...order, dueDate: undefined }} />
      </div>
    );
  }
  if (!order.paid) {
    return (
      <div className="flex flex-col items-start gap-1">
        <NavButton
          href={`/dashboard/payment/${order._id}`}
          className={`${BUTTON.primary} ${ROW_BUTTON}`}
          describedBy={productLabelId(order, view)}
        >
          Pay
        </NavButton>
        <InvoiceLink order={order} />
      </div>
    );
  }
  return (
    <div className="text-sm">
      <p className="font-semibold whitespace-nowrap text-success">Payment completed</p>
      {order.transactionId && (
        <p className="max-w-52">
          <span className="whitespace-nowrap">Transaction id:</span>{' '}
          <span className="font-mono text-xs break-all">{order.transactionId}</span>
        </p>
      )}
      <InvoiceLink order={order} />
    </div>
  );
}
