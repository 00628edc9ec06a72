'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { quoteAcceptSchema } from '@/lib/validation/quotes';
import { useQuoteCall } from './use-quote-call';

interface QuoteAcceptFormProps {
  quoteId: string;
  /** from the buyer's profile */
  contact: { address: string; phone: string };
  /** the buyer's net terms, when an admin granted them: they may choose to pay by invoice */
  terms: { netDays: number } | null;
}

/** Accept: where the order goes and the buyer's PO number; the quote becomes a checkout, paid on its page. */
export function QuoteAcceptForm({ quoteId, contact, terms }: QuoteAcceptFormProps) {
  const router = useRouter();
  const [values, setValues] = useState({ ...contact, poNumber: '' });
  const [paymentMethod, setPaymentMethod] = useState<'card' | 'invoice'>('card');
  const { send, busy, error, setError, fields } = useQuoteCall();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((now) => ({ ...now, [name]: event.target.value })),
    error: fields[name],
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = quoteAcceptSchema.safeParse({ ...values, paymentMethod });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    const placed = await send<{ checkoutId: string }>(
      'POST',
      `/api/quotes/${quoteId}/accept`,
      parsed.data,
      'Quote accepted',
    );
    if (placed) router.push(`/checkout/${placed.checkoutId}`);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Accept the quote"
      className="flex max-w-xl flex-col gap-3"
    >
      <h3 className="text-lg font-semibold">Accept the quote</h3>
      <TextField
        id="quote-address"
        label="Address"
        autoComplete="street-address"
        {...field('address')}
      />
      <TextField
        id="quote-phone"
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        {...field('phone')}
      />
      <TextField id="quote-po" label="PO number (optional)" maxLength={35} {...field('poNumber')} />
      {terms && (
        <fieldset className="fieldset">
          <legend className="fieldset-legend">Payment</legend>
          {(['card', 'invoice'] as const).map((method) => (
            <label key={method} className="flex cursor-pointer items-center gap-3 py-1 text-base">
              <input
                type="radio"
                name="quote-payment"
                className="radio radio-primary radio-sm"
                checked={paymentMethod === method}
                onChange={() => setPaymentMethod(method)}
              />
              {method === 'card' ? 'Card' : `Invoice (net ${terms.netDays})`}
            </label>
          ))}
        </fieldset>
      )}
      <button type="submit" className={`${BUTTON.primary} w-fit`} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Accept
      </button>
      <FormError message={error} />
    </form>
  );
}
