import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import type { OrderDto } from '@/lib/types';

/** The id of an order's Product cell, which describes the row's buttons. */
export const productCellId = (order: OrderDto) => `order-${order._id}-product`;

/** Name, Email, Product, Price, Quantity, Total: the columns both order tables share. */
export function OrderSummaryCells({ order }: { order: OrderDto }) {
  return (
    <>
      <td>{order.userName}</td>
      <td>{order.email}</td>
      <td id={productCellId(order)}>{order.name}</td>
      <td>
        <Price amount={order.price} />
      </td>
      <td>{order.quantity}</td>
      <td>
        <Price amount={order.total} />
      </td>
    </>
  );
}

/** The customer's Payment cell: Pay while unpaid, else the recorded transaction. */
export function PaymentCell({ order }: { order: OrderDto }) {
  if (!order.paid) {
    return (
      <NavButton
        href={`/dashboard/payment/${order._id}`}
        className="btn btn-success btn-xs"
        describedBy={productCellId(order)}
      >
        Pay
      </NavButton>
    );
  }
  return (
    <div>
      <p className="font-semibold text-success">Payment completed</p>
      {order.transactionId && (
        <p className="text-xs break-all">Transaction id: {order.transactionId}</p>
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
