'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Price } from '@/components/price';
import { formatCheckoutNumber, formatDay } from '@/lib/format';
import type { CheckoutDto } from '@/lib/types';
import { CardPayment } from './checkout';

type Payable = Pick<CheckoutDto, 'checkoutId' | 'number' | 'total' | 'poNumber'>;

/** The receipt of a checkout's one payment: every line is paid by it. */
export function CheckoutReceipt({
  checkout,
  transactionId,
  paidAt,
  heading,
}: {
  checkout: Payable;
  transactionId: string;
  paidAt: string | null;
  heading: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {heading}
      <p>
        Your transaction Id: <span className="font-bold break-all">{transactionId}</span>
      </p>
      <dl
        aria-label="Receipt"
        className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-box bg-base-200 p-4 text-sm"
      >
        <dt className="text-base-content/70">Checkout</dt>
        <dd>{formatCheckoutNumber(checkout.number)}</dd>
        {checkout.poNumber && (
          <>
            <dt className="text-base-content/70">PO number</dt>
            <dd>{checkout.poNumber}</dd>
          </>
        )}
        <dt className="text-base-content/70">Total paid</dt>
        <dd className="font-semibold">
          <Price amount={checkout.total} />
        </dd>
        {paidAt && (
          <>
            <dt className="text-base-content/70">Paid on</dt>
            <dd>
              <time dateTime={paidAt}>{formatDay(paidAt)}</time>
            </dd>
          </>
        )}
      </dl>
      <Link href="/dashboard/myorder" className="btn btn-outline btn-sm self-start">
        Back to My Orders
      </Link>
    </div>
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
