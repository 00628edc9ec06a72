'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { FormField, fieldAria } from '@/components/forms/form-field';
import { BUTTON } from '@/components/ui/buttons';
import { earliestDeliveryDay, latestDeliveryDay } from '@/lib/validation/delivery-date';
import { MESSAGE_MAX, quoteRequestSchema } from '@/lib/validation/quotes';
import { useQuoteCall } from './use-quote-call';

interface QuoteRequestProps {
  /** The cart's lines, or a tool page's one tool; each quantity starts here and may be raised past the stock. */
  lines: { toolId: string; name: string; quantity: number }[];
}

/**
 * "Request a quote": opens a short form (the pieces of each line, which may exceed the stock and the breaks, and a
 * message for the shop) and sends it once; the buyer lands on the new quote's page.
 */
export function QuoteRequest({ lines }: QuoteRequestProps) {
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [delivery, setDelivery] = useState('');
  const [deliveryError, setDeliveryError] = useState<string | undefined>();
  const [quantities, setQuantities] = useState(() => lines.map((line) => String(line.quantity)));
  const { send, busy, error, setError } = useQuoteCall();

  if (!open) {
    return (
      <button type="button" className={BUTTON.quiet} onClick={() => setOpen(true)}>
        Request a quote
      </button>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = {
      lines: lines.map((line, index) => ({
        toolId: line.toolId,
        quantity: Number(quantities[index]),
      })),
      message,
      requestedDeliveryOn: delivery,
    };
    const parsed = quoteRequestSchema.safeParse(body);
    const dateIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'requestedDeliveryOn');
    setDeliveryError(dateIssue?.message);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    const made = await send<{ quoteId: string }>(
      'POST',
      '/api/quotes',
      parsed.data,
      'Quote requested',
    );
    if (made) router.push(`/dashboard/quotes/${made.quoteId}`);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Request a quote"
      className="flex w-full flex-col gap-3"
    >
      {lines.map((line, index) => (
        <FormField key={line.toolId} id={`${id}-${index}`} label={`Pieces of ${line.name}`}>
          <input
            className="input w-full"
            type="number"
            min={1}
            inputMode="numeric"
            value={quantities[index]}
            onChange={(event) =>
              setQuantities((now) =>
                now.map((value, at) => (at === index ? event.target.value : value)),
              )
            }
            {...fieldAria(`${id}-${index}`, undefined)}
          />
        </FormField>
      ))}
      <FormField id={`${id}-message`} label="Message">
        <textarea
          className="textarea w-full"
          rows={4}
          maxLength={MESSAGE_MAX}
          placeholder="Quantities, delivery dates, anything the shop should know"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          {...fieldAria(`${id}-message`, undefined)}
        />
      </FormField>
      <FormField
        id={`${id}-delivery`}
        label="Requested delivery date (optional)"
        error={deliveryError}
      >
        <input
          className={`input w-full ${deliveryError ? 'input-error' : ''}`}
          type="date"
          min={earliestDeliveryDay()}
          max={latestDeliveryDay()}
          value={delivery}
          onChange={(event) => setDelivery(event.target.value)}
          {...fieldAria(`${id}-delivery`, deliveryError)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON.primary} disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Request a quote
        </button>
        <button type="button" className={BUTTON.quiet} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}
