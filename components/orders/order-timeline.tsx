import { formatDay } from '@/lib/format';
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

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });

/** What happened to an order, oldest first, with when (UTC) and by whom. */
export function OrderTimeline({ events }: { events: OrderEventDto[] }) {
  if (events.length === 0) return <p>No history was recorded for this order.</p>;
  return (
    <ol aria-label="Order history" className="timeline timeline-vertical timeline-compact">
      {events.map((event, index) => (
        <li key={`${event.kind}-${event.at}-${index}`}>
          {index > 0 && <hr />}
          <div className="timeline-middle">
            <span className="block size-3 rounded-full bg-primary" aria-hidden="true" />
          </div>
          <div className="timeline-end timeline-box mb-2">
            <p className="font-semibold">{WHAT[event.kind]}</p>
            <p className="text-sm text-base-content/75">
              <time dateTime={event.at}>
                {formatDay(event.at)}, {time.format(new Date(event.at))} UTC
              </time>{' '}
              {WHO[event.actor]}
              {event.reference && <span className="break-all"> · {event.reference}</span>}
            </p>
          </div>
          {index < events.length - 1 && <hr />}
        </li>
      ))}
    </ol>
  );
}
