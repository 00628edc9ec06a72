'use client';

import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import type { CardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

// Loaded once, and only by this module, which the checkout imports lazily when a publishable key is set.
let stripePromise: Promise<Stripe | null> | undefined;
const getStripe = () =>
  (stripePromise ??= loadStripe(process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? ''));

function CardForm({ amount, clientSecret, disabled, name, email, onSucceeded }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setPending(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name, email } },
      });
      if (result.error) setError(result.error.message ?? 'The payment failed, please try again');
      else if (result.paymentIntent.status === 'succeeded')
        await onSucceeded(result.paymentIntent.id);
      else setError('The payment was not completed, please try again');
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={pay} className="flex flex-col gap-3">
      <p id="stripe-card-label" className="text-sm font-medium">
        Card details
      </p>
      <div role="group" aria-labelledby="stripe-card-label" className="input w-full items-center">
        <CardElement className="w-full" options={{ style: { base: { fontSize: '16px' } } }} />
      </div>
      <PayButton
        amount={amount}
        error={error}
        pending={pending}
        disabled={!stripe || !clientSecret || disabled}
      />
    </form>
  );
}

/** Stripe's card element; the card data goes from the browser straight to Stripe. */
export default function StripeCardForm(props: CardFormProps) {
  return (
    <Elements stripe={getStripe()}>
      <CardForm {...props} />
    </Elements>
  );
}
