'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { ShipToSelect } from '@/components/companies/ship-to-select';
import { formatShipTo } from '@/lib/format';
import type { CompanyAddressDto } from '@/lib/types';
import { quoteAcceptSchema } from '@/lib/validation/quotes';
import { useQuoteCall } from './use-quote-call';

interface QuoteAcceptFormProps {
  quoteId: string;
  /** from the buyer's profile */
  contact: { address: string; phone: string };
  /** the buyer's net terms, when an admin granted them: they may choose to pay by invoice */
  terms: { netDays: number } | null;
  /** the company's address book: choosing an entry ships to it */
  addresses?: CompanyAddressDto[];
}

/** Accept: where the order goes and the buyer's PO number; the quote becomes a checkout, paid on its page. */
export function QuoteAcceptForm({ quoteId, contact, terms, addresses = [] }: QuoteAcceptFormProps) {
  const router = useRouter();
  const [values, setValues] = useState({ ...contact, poNumber: '' });
  const [paymentMethod, setPaymentMethod] = useState<'card' | 'invoice'>('card');
  const [addressId, setAddressId] = useState('');

  // An entry of the book fills the fields for a last look; the server ships to the book's copy.
  function chooseAddress(chosen: string) {
    setAddressId(chosen);
    const entry = addresses.find((address) => address.addressId === chosen);
    if (entry)
      setValues((now) => ({
        ...now,
        address: formatShipTo(entry),
        phone: entry.phone ?? now.phone,
      }));
  }
  const { send, busy, error, setError, fields } = useQuoteCall();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((now) => ({ ...now, [name]: event.target.value })),
    error: fields[name],
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = quoteAcceptSchema.safeParse({ ...values, paymentMethod, addressId });
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
      {addresses.length > 0 && (
        <ShipToSelect
          id="quote-ship-to"
          addresses={addresses}
          value={addressId}
          error={fields.addressId}
          onChange={(event) => chooseAddress(event.target.value)}
        />
      )}
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
