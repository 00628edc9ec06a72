'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState, type ReactNode } from 'react';
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
  summary: ReactNode;
}

const CONGRATS = (
  <p className="text-lg font-semibold text-success">Congrats! Your payment is completed.</p>
);

/** Pays one order placed alone. */
export function Checkout({ order, summary }: CheckoutProps) {
  return (
    <CardPayment
      intent={{ orderId: order._id, price: order.total }}
      amount={order.total}
      summary={summary}
      record={{ url: `/api/order/${order._id}`, body: { appointment: order._id } }}
      name={order.userName}
      email={order.email}
      receipt={(paid) => <PaymentReceipt order={order} {...paid} heading={CONGRATS} />}
    />
  );
}

interface Paid {
  transactionId: string;
  paidAt: string;
}

interface CardPaymentProps {
  /** The body of POST /api/create-payment-intent: an order (`{ orderId, price }`) or a checkout (`{ checkoutId }`). */
  intent: Record<string, unknown>;
  /** Where the succeeded payment is recorded (PATCH { transactionId, ...body }). */
  record: { url: string; body?: Record<string, unknown> };
  /** What the payment takes, in dollars: the Pay button says it. */
  amount: number;
  /** What is being paid for, shown until the payment succeeds. */
  summary?: ReactNode;
  /** billing details for the card provider */
  name: string;
  email: string;
  receipt: (paid: Paid) => ReactNode;
}

/** The card form of either gateway for one payment, then the receipt once the shop has recorded it. */
export function CardPayment({
  intent,
  record,
  amount,
  summary,
  name,
  email,
  receipt,
}: CardPaymentProps) {
  const intentBody = JSON.stringify(intent);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    apiRequest<{ clientSecret: string }>(
      'POST',
      '/api/create-payment-intent',
      JSON.parse(intentBody) as unknown,
    )
      .then(({ clientSecret: secret }) => current && setClientSecret(secret))
      .catch(
        (cause: unknown) =>
          current && setIntentError(errorMessage(cause, 'The payment could not be started')),
      );
    return () => {
      current = false;
    };
  }, [intentBody]);

  async function recordPayment(paymentId: string) {
    // The gateway has taken the money: the Pay button stays disabled even if recording it fails below.
    setSucceeded(true);
    try {
      await apiRequest('PATCH', record.url, { transactionId: paymentId, ...record.body });
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
    amount,
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
          <div aria-live="polite">{paid && receipt(paid)}</div>
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
