'use client';

import { useId, useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { FormField, fieldAria } from '@/components/forms/form-field';
import { BUTTON } from '@/components/ui/buttons';
import type { QuoteLineDto } from '@/lib/types';
import { quoteAnswerSchema } from '@/lib/validation/quotes';
import { useQuoteCall } from './use-quote-call';

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** The admin's answer: a unit price per line (any price: the breaks do not bind), a lead time, a validity, Send. */
export function QuoteAnswerForm({ quoteId, lines }: { quoteId: string; lines: QuoteLineDto[] }) {
  const id = useId();
  const [prices, setPrices] = useState(() => lines.map((line) => String(line.listPrice)));
  const [leadTime, setLeadTime] = useState('14');
  const [validUntil, setValidUntil] = useState(inAWeek);
  const { send, busy, error, setError, fields } = useQuoteCall();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = quoteAnswerSchema.safeParse({
      lines: lines.map((line, index) => ({
        toolId: line.toolId,
        unitPrice: Number(prices[index]),
      })),
      leadTimeDays: Number(leadTime),
      validUntil,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the answer');
      return;
    }
    await send('PUT', `/api/quotes/${quoteId}`, parsed.data, 'Answer sent');
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Answer the quote"
      className="flex max-w-xl flex-col gap-3"
    >
      <h3 className="text-lg font-semibold">Answer the quote</h3>
      {lines.map((line, index) => (
        <FormField key={line.toolId} id={`${id}-${index}`} label={`Unit price of ${line.name} ($)`}>
          <input
            className="input w-full"
            type="number"
            min={0.01}
            step={0.01}
            inputMode="decimal"
            value={prices[index]}
            onChange={(event) =>
              setPrices((now) =>
                now.map((value, at) => (at === index ? event.target.value : value)),
              )
            }
            {...fieldAria(`${id}-${index}`, undefined)}
          />
        </FormField>
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-lead`} label="Lead time (days)" error={fields.leadTimeDays}>
          <input
            className="input w-full"
            type="number"
            min={0}
            max={365}
            inputMode="numeric"
            value={leadTime}
            onChange={(event) => setLeadTime(event.target.value)}
            {...fieldAria(`${id}-lead`, fields.leadTimeDays)}
          />
        </FormField>
        <FormField id={`${id}-valid`} label="Valid until" error={fields.validUntil}>
          <input
            className="input w-full"
            type="date"
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
            {...fieldAria(`${id}-valid`, fields.validUntil)}
          />
        </FormField>
      </div>
      <button type="submit" className={`${BUTTON.primary} w-fit`} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send
      </button>
      <FormError message={error} />
    </form>
  );
}
