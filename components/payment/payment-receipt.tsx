import Link from 'next/link';
import { Price } from '@/components/price';
import { formatDay, formatOrderNumber, formatPieces } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

interface PaymentReceiptProps {
  order: Pick<OrderDto, 'number' | 'name' | 'quantity' | 'total'>;
  transactionId: string;
  /** ISO time the payment was recorded; unknown for orders paid before the shop kept it */
  paidAt: string | null;
  /**
   * Shown first: the congratulation right after paying (docs/PRODUCT.md, Messages), a plain heading for an order paid
   * before.
   */
  heading: React.ReactNode;
  /** How it was paid, the invoice and what happens next (`ReceiptNext`), under the receipt. */
  next?: React.ReactNode;
}

/** What replaces the card form once an order is paid: a receipt the customer can keep. */
export function PaymentReceipt({ order, ...paid }: PaymentReceiptProps) {
  return (
    <ReceiptFrame total={order.total} {...paid}>
      <dt className="text-base-content/70">Order</dt>
      <dd>{formatOrderNumber(order.number)}</dd>
      <dt className="text-base-content/70">Product</dt>
      <dd>{order.name}</dd>
      <dt className="text-base-content/70">Quantity</dt>
      <dd>{formatPieces(order.quantity)}</dd>
    </ReceiptFrame>
  );
}

interface ReceiptFrameProps extends Omit<PaymentReceiptProps, 'order'> {
  /** What was paid for: the rows above the total. */
  children: React.ReactNode;
  total: number;
}

/** Every receipt's frame (an order's, a checkout's): the transaction id, what was paid for, the total and the day. */
export function ReceiptFrame({
  children,
  total,
  transactionId,
  paidAt,
  heading,
  next,
}: ReceiptFrameProps) {
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
        {children}
        <dt className="text-base-content/70">Total paid</dt>
        <dd className="font-semibold">
          <Price amount={total} />
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
      {next}
      <Link href="/dashboard/myorder" className="btn btn-outline btn-sm self-start">
        Back to My Orders
      </Link>
    </div>
  );
}
