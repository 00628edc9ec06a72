import Link from 'next/link';
import { NavButton } from '@/components/nav-button';
import { formatOrderNumber } from '@/lib/format';

export interface PlacedOrder {
  id: string;
  /** absent only if an answer left it out */
  number?: number;
}

/** What a buyer does next once an order is placed: pay it, or see it among their orders. */
export function OrderPlaced({ order, toolName }: { order: PlacedOrder; toolName: string }) {
  return (
    <div className="alert alert-success alert-soft flex flex-col items-start gap-3">
      <p>
        <span className="font-semibold">
          {order.number === undefined ? 'Your order' : `Order ${formatOrderNumber(order.number)}`}{' '}
          for {toolName} is placed.
        </span>{' '}
        It ships once it is paid.
      </p>
      <div className="flex flex-wrap gap-2">
        <NavButton href={`/dashboard/payment/${order.id}`} className="btn btn-primary btn-sm">
          Pay now
        </NavButton>
        <Link href="/dashboard/myorder" prefetch={false} className="btn btn-outline btn-sm">
          View my orders
        </Link>
      </div>
    </div>
  );
}
