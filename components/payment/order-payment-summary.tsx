import { Price } from '@/components/price';
import { formatOrderNumber, formatPieces } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

/** The order being paid: who, what, how many, at what price. */
export function OrderPaymentSummary({ order }: { order: OrderDto }) {
  return (
    <div className="card w-full max-w-md bg-base-100 shadow-md">
      <div className="card-body gap-2">
        <p className="text-lg font-semibold">Hello, {order.userName}</p>
        <p className="text-sm text-base-content/70">Order {formatOrderNumber(order.number)}</p>
        <p className="text-xl font-bold">Please pay for {order.name}</p>
        <p>Quantity: {formatPieces(order.quantity)}</p>
        <p>
          <Price amount={order.price} /> per unit
        </p>
        <p className="text-lg font-semibold">
          Please pay: <Price amount={order.total} />
        </p>
      </div>
    </div>
  );
}
