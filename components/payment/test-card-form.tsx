'use client';

import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { apiRequest } from '@/lib/client/api';
import type { CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

/** The test gateway's card entry (no Stripe JS): accepts Stripe's documented test card numbers. */
export function TestCardForm({ amount, clientSecret, disabled, onSucceeded }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret) return;
    setPending(true);
    setError(null);
    try {
      const { id } = await apiRequest<{ id: string }>('POST', '/api/payments/test/confirm', {
        clientSecret,
        cardNumber,
        expiry,
        cvc,
      });
      await onSucceeded(id);
    } catch (cause) {
      setError(errorMessage(cause, 'The payment failed, please try again'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={pay} noValidate className="flex flex-col gap-3">
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={cardNumber}
        onChange={(event) => setCardNumber(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        />
        <TextField
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={cvc}
          onChange={(event) => setCvc(event.target.value)}
        />
      </div>
      <p className="text-sm">
        Test mode: use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000 0002 is
        declined.
      </p>
      <PayButton
        amount={amount}
        error={error}
        pending={pending}
        disabled={!clientSecret || disabled}
      />
    </form>
  );
}
