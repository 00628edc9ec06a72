'use client';

import { FormError } from '@/components/auth/form-error';
import { BUTTON } from '@/components/ui/buttons';
import { useQuoteCall } from './use-quote-call';

const ACTIONS = {
  decline: { label: 'Decline', done: 'Quote declined' },
  withdraw: { label: 'Withdraw', done: 'Quote withdrawn' },
} as const;

/** Decline (the customer) or Withdraw (the shop): ends the quote; it can not be accepted afterwards. */
export function QuoteCloseButton({
  quoteId,
  action,
}: {
  quoteId: string;
  action: keyof typeof ACTIONS;
}) {
  const { send, busy, error } = useQuoteCall();
  const { label, done } = ACTIONS[action];
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`${BUTTON.destructive} w-fit`}
        disabled={busy}
        onClick={() => send('POST', `/api/quotes/${quoteId}/${action}`, {}, done)}
      >
        {label}
      </button>
      <FormError message={error} />
    </div>
  );
}
