'use client';

import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';
import type { CardFormProps } from './card-form-props';

/** The test gateway's card entry (no Stripe JS): accepts Stripe's documented test card numbers. */
export function TestCardForm({ clientSecret, disabled, onSucceeded }: CardFormProps) {
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
      <div className="flex flex-col gap-1">
        <label htmlFor="card-number" className="text-sm font-medium">
          Card number
        </label>
        <input
          id="card-number"
          className="input w-full"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="card-expiry" className="text-sm font-medium">
            Expiry (MM/YY)
          </label>
          <input
            id="card-expiry"
            className="input w-full"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="card-cvc" className="text-sm font-medium">
            CVC
          </label>
          <input
            id="card-cvc"
            className="input w-full"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </div>
      </div>
      <p className="text-sm">
        Test mode: use 4242 4242 4242 4242 with any future date and any CVC; 4000 0000 0000 0002 is
        declined.
      </p>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-sm self-start"
        disabled={!clientSecret || disabled || pending}
      >
        {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Pay
      </button>
    </form>
  );
}
