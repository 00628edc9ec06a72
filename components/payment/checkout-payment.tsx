'use client';

import { useState } from 'react';
import { formatCheckoutNumber } from '@/lib/format';
import type { CheckoutDto } from '@/lib/types';
import { CardPayment } from './checkout';
import { ReceiptFrame } from './payment-receipt';

type Payable = Pick<CheckoutDto, 'checkoutId' | 'number' | 'total' | 'poNumber'>;

/** The receipt of a checkout's one payment: every line is paid by it. */
export function CheckoutReceipt({
  checkout,
  ...paid
}: {
  checkout: Payable;
  transactionId: string;
  paidAt: string | null;
  heading: React.ReactNode;
}) {
  return (
    <ReceiptFrame total={checkout.total} {...paid}>
      <dt className="text-base-content/70">Checkout</dt>
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

/** Pay now: one card payment for the checkout's total, which pays every one of its orders. */
export function CheckoutPayment({
  checkout,
  name,
  email,
}: {
  checkout: Payable;
  name: string;
  email: string;
}) {
  const [paying, setPaying] = useState(false);
  if (!paying) {
    return (
      <button type="button" className="btn btn-primary self-start" onClick={() => setPaying(true)}>
        Pay now
      </button>
    );
  }
  return (
    <CardPayment
      intent={{ checkoutId: checkout.checkoutId }}
      record={{ url: `/api/checkout/${checkout.checkoutId}` }}
      amount={checkout.total}
      name={name}
      email={email}
      receipt={(paid) => (
        <CheckoutReceipt
          checkout={checkout}
          {...paid}
          heading={
            <p className="text-lg font-semibold text-success">
              Congrats! Your payment is completed.
            </p>
          }
        />
      )}
    />
  );
}
