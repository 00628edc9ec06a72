'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { LoadingDots } from '@/components/loading-dots';
import { apiRequest } from '@/lib/client/api';
import type { OrderDto } from '@/lib/types';
import type { CardFormProps } from './card-form-props';
import { PaymentReceipt } from './payment-receipt';
import { TestCardForm } from './test-card-form';

// Only the Stripe branch loads Stripe's JS. The key is inlined at build time, so without it the bundler drops this
// import altogether and the test-gateway build ships no Stripe code.
const StripeCardForm = process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY
  ? dynamic<CardFormProps>(() => import('./stripe-card-form'), {
      ssr: false,
      loading: () => <LoadingDots />,
    })
  : null;

interface CheckoutProps {
  order: Pick<OrderDto, '_id' | 'number' | 'name' | 'quantity' | 'total' | 'userName' | 'email'>;
  /** What is being paid for ("Please pay …"): shown until the payment succeeds, then the receipt says it all. */
  summary: React.ReactNode;
}

export function Checkout({ order, summary }: CheckoutProps) {
  const { _id: orderId, total, userName: name, email } = order;
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [paid, setPaid] = useState<{ transactionId: string; paidAt: string } | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    apiRequest<{ clientSecret: string }>('POST', '/api/create-payment-intent', {
      orderId,
      price: total,
    })
      .then(({ clientSecret: secret }) => current && setClientSecret(secret))
      .catch(
        (cause: unknown) =>
          current && setIntentError(errorMessage(cause, 'The payment could not be started')),
      );
    return () => {
      current = false;
    };
  }, [orderId, total]);

  async function recordPayment(paymentId: string) {
    // The gateway has taken the money: the Pay button stays disabled even if recording it fails below.
    setSucceeded(true);
    try {
      await apiRequest('PATCH', `/api/order/${orderId}`, {
        transactionId: paymentId,
        appointment: orderId,
      });
      setPaid({ transactionId: paymentId, paidAt: new Date().toISOString() });
    } catch (cause) {
      setRecordError(
        errorMessage(
          cause,
          'Your payment went through but could not be recorded; please contact us',
        ),
      );
    }
  }

  const formProps: CardFormProps = {
    amount: total,
    clientSecret,
    disabled: succeeded,
    name,
    email,
    onSucceeded: recordPayment,
  };

  return (
    <div className="flex w-full max-w-md flex-col gap-6">
      {!paid && summary}
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          {intentError && (
            <p role="alert" className="text-error">
              {intentError}
            </p>
          )}
          {!paid &&
            (StripeCardForm ? <StripeCardForm {...formProps} /> : <TestCardForm {...formProps} />)}
          <div aria-live="polite">
            {paid && (
              <PaymentReceipt
                order={order}
                transactionId={paid.transactionId}
                paidAt={paid.paidAt}
                heading={
                  <p className="text-lg font-semibold text-success">
                    Congrats! Your payment is completed.
                  </p>
                }
              />
            )}
          </div>
          {recordError && (
            <p role="alert" className="text-error">
              {recordError}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
