import { statusLabel } from '@/components/ui/status-badge';
import { formatDateTime } from '@/lib/format';
import type { QuoteDto } from '@/lib/types';

const ACTORS = {
  customer: 'the customer',
  admin: 'the shop',
  shop: 'the shop (validity passed)',
} as const;

/**
 * The messages, oldest first, as the plain text they were typed in (React escapes it: markup shows as characters),
 * then the quote's history: every change, when and by whom.
 */
export function QuoteThread({ quote }: { quote: QuoteDto }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="flex flex-col gap-3">
        <h3 className="text-lg font-semibold">Messages</h3>
        {quote.messages.length === 0 && <p className="text-base-content/75">No messages yet.</p>}
        <ol aria-label="Messages" className="flex flex-col gap-3">
          {quote.messages.map((message, index) => (
            <li
              key={index}
              className={`rounded-box border px-4 py-3 ${message.author === 'admin' ? 'border-primary/30 bg-primary/5' : 'border-base-300'}`}
            >
              <p className="text-sm text-base-content/75">
                {message.name} ({message.author === 'admin' ? 'shop' : 'customer'}) ·{' '}
                {formatDateTime(message.at)}
              </p>
              <p className="break-words whitespace-pre-wrap">{message.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="text-lg font-semibold">History</h3>
        <ol aria-label="History" className="flex flex-col gap-1 text-sm">
          {quote.events.map((event, index) => (
            <li key={index}>
              {statusLabel(event.status)} by {ACTORS[event.actor]}, {formatDateTime(event.at)}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
