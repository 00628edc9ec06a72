import { formatDateTime } from '@/lib/format';
import type { OrderEventDto } from '@/lib/types';

const WHAT: Record<OrderEventDto['kind'], string> = {
  placed: 'Order placed',
  payment_started: 'Payment started',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

const WHO: Record<OrderEventDto['actor'], string> = {
  customer: 'by the customer',
  admin: 'by the shop team',
  payment_webhook: 'confirmed by the card processor',
  shop: 'by the shop',
};

/** What happened to an order, oldest first, with when (UTC) and by whom: a quiet line with a dot per event. */
export function OrderTimeline({ events }: { events: OrderEventDto[] }) {
  if (events.length === 0) return <p>No history was recorded for this order.</p>;
  return (
    <ol aria-label="Order history" className="ml-1.5 flex flex-col border-l border-base-300">
      {events.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${index}`} className="relative pb-4 pl-5 last:pb-0">
          <span
            className="absolute top-1.5 -left-1.5 size-3 rounded-full border-2 border-base-100 bg-primary"
            aria-hidden="true"
          />
          <p className="font-semibold">{WHAT[event.kind]}</p>
          <p className="text-sm text-base-content/75">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> {WHO[event.actor]}
            {event.reference && <span className="break-all"> · {event.reference}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
