'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { LoadingDots } from '@/components/loading-dots';
import { ApiError, apiRequest } from '@/lib/client/api';
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

/** Right after paying (docs/PRODUCT.md, Messages). */
export const CONGRATS = (
  <p className="text-lg font-semibold text-success">Congrats! Your payment is completed.</p>
);

/** A later visit: My Orders' own words for a paid order, a fact and not a refusal. */
export const COMPLETED = <p className="text-lg font-semibold text-success">Payment completed</p>;

interface CheckoutProps {
  order: Pick<OrderDto, '_id' | 'number' | 'name' | 'quantity' | 'total' | 'userName' | 'email'>;
  /** What is being paid for ("Please pay …"): shown until the payment succeeds, then the receipt says it all. */
  summary: ReactNode;
  /** The payment the server knows of (a later visit), else null: the receipt shows at once. */
  settled: Paid | null;
  /** How it was paid, the invoice and what happens next, as the server read them (components/payment/receipt-next.tsx). */
  next: ReactNode;
}

/** Pays one order placed alone, or shows its receipt once it is paid. */
export function Checkout({ order, summary, settled, next }: CheckoutProps) {
  return (
    <CardPayment
      intent={{ orderId: order._id, price: order.total }}
      amount={order.total}
      summary={summary}
      record={{ url: `/api/order/${order._id}`, body: { appointment: order._id } }}
      name={order.userName}
      email={order.email}
      settled={settled}
      receipt={(paid, justNow) => (
        <PaymentReceipt
          order={order}
          {...paid}
          heading={justNow ? CONGRATS : COMPLETED}
          next={next}
        />
      )}
    />
  );
}

export interface Paid {
  transactionId: string;
  /** ISO time; unknown for orders paid before the shop kept it */
  paidAt: string | null;
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
  /** The payment already recorded when the page was read: no card form, the receipt at once. */
  settled: Paid | null;
  /** The receipt: `justNow` right after this page took the payment. */
  receipt: (paid: Paid, justNow: boolean) => ReactNode;
}

/** The card form of either gateway for one payment, then the receipt once the shop has recorded it. */
export function CardPayment({
  intent,
  record,
  amount,
  summary,
  name,
  email,
  settled,
  receipt,
}: CardPaymentProps) {
  const router = useRouter();
  const intentBody = JSON.stringify(intent);
  const alreadySettled = settled !== null;
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [intentError, setIntentError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);
  const [recordError, setRecordError] = useState<string | null>(null);

  useEffect(() => {
    // A paid order asks for no payment: a second intent would only be refused.
    if (alreadySettled) return;
    let current = true;
    apiRequest<{ clientSecret: string }>(
      'POST',
      '/api/create-payment-intent',
      JSON.parse(intentBody) as unknown,
    )
      .then(({ clientSecret: secret }) => current && setClientSecret(secret))
      .catch((cause: unknown) => {
        if (!current) return;
        // Paid meanwhile (another tab, a transfer): read the page again, which then shows the receipt.
        if (cause instanceof ApiError && cause.status === 409 && /already paid/.test(cause.message))
          router.refresh();
        else setIntentError(errorMessage(cause, 'The payment could not be started'));
      });
    return () => {
      current = false;
    };
  }, [intentBody, alreadySettled, router]);

  async function recordPayment(paymentId: string) {
    // The gateway has taken the money: the Pay button stays disabled even if recording it fails below.
    setSucceeded(true);
    try {
      await apiRequest('PATCH', record.url, { transactionId: paymentId, ...record.body });
      setPaid({ transactionId: paymentId, paidAt: new Date().toISOString() });
      // The server's parts of the page (its status, the invoice issued with the payment) follow without a reload;
      // this component keeps its state, so the congratulation stays.
      router.refresh();
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

  if (!paid && settled) {
    return (
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body">{receipt(settled, false)}</div>
      </div>
    );
  }

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
          <div aria-live="polite">{paid && receipt(paid, true)}</div>
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
