'use client';

import { useState, type ReactNode } from 'react';
import { formatCheckoutNumber } from '@/lib/format';
import type { CheckoutDto } from '@/lib/types';
import { CardPayment, COMPLETED, CONGRATS, type Paid } from './checkout';
import { ReceiptFrame } from './payment-receipt';

type Payable = Pick<CheckoutDto, 'checkoutId' | 'number' | 'total' | 'poNumber'>;

/** The receipt of a checkout's one payment: every line is paid by it. */
function CheckoutReceipt({
  checkout,
  ...paid
}: {
  checkout: Payable;
  transactionId: string;
  paidAt: string | null;
  heading: ReactNode;
  next: ReactNode;
}) {
  return (
    <ReceiptFrame total={checkout.total} {...paid}>
      <dt className="text-base-content/70">Order</dt>
      <dd>{formatCheckoutNumber(checkout.number)}</dd>
      {checkout.poNumber && (
        <>
          <dt className="text-base-content/70">PO number</dt>
          <dd>{checkout.poNumber}</dd>
        </>
      )}
    </ReceiptFrame>
  );
}

/**
 * An order paid by card: Pay now (one card payment for the whole order), then its receipt; on a later visit the
 * receipt at once. `unpaid` says what waits on the payment, and goes as soon as it is made: nothing above the receipt
 * contradicts it.
 */
export function CheckoutPayment({
  checkout,
  name,
  email,
  settled,
  unpaid,
  next,
}: {
  checkout: Payable;
  name: string;
  email: string;
  settled: Paid | null;
  unpaid: ReactNode;
  /** the server's part of the receipt: how, the invoice, what happens next */
  next: ReactNode;
}) {
  const [paying, setPaying] = useState(false);
  const receipt = (paid: Paid, justNow: boolean) => (
    <CheckoutReceipt
      checkout={checkout}
      {...paid}
      heading={justNow ? CONGRATS : COMPLETED}
      next={next}
    />
  );
  if (!paying && settled) {
    return (
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body">{receipt(settled, false)}</div>
      </div>
    );
  }
  if (!paying) {
    return (
      <div className="flex flex-col gap-3">
        {unpaid}
        <button
          type="button"
          className="btn btn-primary self-start"
          onClick={() => setPaying(true)}
        >
          Pay now
        </button>
      </div>
    );
  }
  return (
    <CardPayment
      intent={{ checkoutId: checkout.checkoutId }}
      record={{ url: `/api/checkout/${checkout.checkoutId}` }}
      amount={checkout.total}
      summary={unpaid}
      name={name}
      email={email}
      settled={settled}
      receipt={receipt}
    />
  );
}
