'use client';

import { useId, useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { FormField, fieldAria } from '@/components/forms/form-field';
import { BUTTON } from '@/components/ui/buttons';
import { MESSAGE_MAX, quoteMessageSchema } from '@/lib/validation/quotes';
import { useQuoteCall } from './use-quote-call';

/** A message to the other side (plain text, up to 2,000 characters); they are mailed. */
export function QuoteMessageForm({ quoteId }: { quoteId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const { send, busy, error, setError } = useQuoteCall();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = quoteMessageSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message');
      return;
    }
    if (await send('POST', `/api/quotes/${quoteId}/messages`, parsed.data)) setText('');
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Write a message" className="flex flex-col gap-2">
      <FormField id={`${id}-text`} label="Your message">
        <textarea
          className="textarea w-full"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...fieldAria(`${id}-text`, undefined)}
        />
      </FormField>
      <button type="submit" className={`${BUTTON.quiet} w-fit`} disabled={busy}>
        Post message
      </button>
      <FormError message={error} />
    </form>
  );
}
