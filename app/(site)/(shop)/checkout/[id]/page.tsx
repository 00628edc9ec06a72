import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CheckoutLines } from '@/components/cart/checkout-lines';
import { ApprovalDecision } from '@/components/orders/approval-decision';
import { InvoiceLink } from '@/components/orders/document-links';
import { CheckoutPayment } from '@/components/payment/checkout-payment';
import { ReceiptNext } from '@/components/payment/receipt-next';
import { StatusBadge } from '@/components/ui/status-badge';
import { Price } from '@/components/price';
import { requirePageActor } from '@/lib/auth/page-guards';
import { approvalOf } from '@/lib/orders/approval';
import { getCheckout } from '@/lib/orders/document';
import { AppError } from '@/lib/errors';
import { formatCheckoutNumber, formatDateTime, formatDay, formatOrderNumber } from '@/lib/format';
import { orderStateOf } from '@/lib/order-status';
import { invoicesOfOrders } from '@/lib/invoices/queries';

export const metadata: Metadata = { title: 'Your order' };

export default async function CheckoutPlacedPage({ params }: PageProps<'/checkout/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/checkout/${id}`);
  // Someone else's checkout shows the not-found page: the page does not confirm that it exists.
  const checkout = await getCheckout(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  });
  const approval = await approvalOf(actor, id);
  const first = checkout.orders[0];
  const invoice = first && (await invoicesOfOrders([first])).get(first._id);
  const invoiceNumber = invoice?.invoiceNumber;
  const onTerms = Boolean(invoice?.dueDate);
  return (
    <section
      aria-labelledby="placed-title"
      className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-8"
    >
      <h1 id="placed-title" className="text-3xl font-bold">
        Order {formatCheckoutNumber(checkout.number)}
      </h1>
      <p>
        <StatusBadge status={orderStateOf(checkout)} />{' '}
        {approval.awaiting ? (
          <>
            It waits for the approval of an approver or owner of the company until{' '}
            <time dateTime={approval.expiresAt!} className="font-semibold">
              {formatDateTime(approval.expiresAt!)}
            </time>
            : its stock is held, and nothing is charged or invoiced before then.
          </>
        ) : checkout.paid ? (
          <>
            Thank you for your order: it is paid
            {checkout.paidAt && (
              <>
                {' '}
                on <time dateTime={checkout.paidAt}>{formatDay(checkout.paidAt)}</time>
              </>
            )}
            .
          </>
        ) : onTerms ? (
          'Thank you for your order. It is placed on your terms: pay the invoice by bank transfer.'
        ) : (
          'Thank you for your order.'
        )}
        {checkout.poNumber && (
          <>
            {' '}
            PO number: <strong>{checkout.poNumber}</strong>.
          </>
        )}
        {checkout.requestedDeliveryOn && (
          <>
            {' '}
            Requested delivery:{' '}
            <time dateTime={checkout.requestedDeliveryOn} className="font-semibold">
              {formatDay(`${checkout.requestedDeliveryOn}T00:00:00Z`)}
            </time>
            .
          </>
        )}
      </p>
      <CheckoutLines
        label="Ordered lines"
        total={checkout.total}
        tax={checkout.tax}
        lines={checkout.orders.map((order) => ({
          key: order._id,
          name: order.name,
          sku: order.sku,
          quantity: order.quantity,
          unitPrice: order.price,
          lineTotal: order.total,
          reference: `Order ${formatOrderNumber(order.number)}`,
        }))}
      />
      {/* An unpaid invoice (on terms) is what the buyer pays; a paid one is part of the receipt below. */}
      {invoice && !checkout.paid && <InvoiceLink order={{ ...invoice, paid: false }} />}
      {checkout.refundOwed > 0 && (
        // A card that came after a transfer: the ledger kept the excess as owed back, and says so here.
        <p role="status" className="alert alert-warning">
          <span>
            <Price amount={checkout.refundOwed} /> was paid beyond the total and is owed back to the
            customer.
          </span>
        </p>
      )}
      {first && (
        <p className="text-sm">
          Ships to {first.address}, phone {first.phone}.
        </p>
      )}
      {approval.awaiting ? (
        approval.mayDecide && <ApprovalDecision checkoutId={checkout.checkoutId} />
      ) : (
        <CheckoutPayment
          checkout={checkout}
          name={first?.userName ?? actor.name}
          email={actor.email}
          settled={
            checkout.paid
              ? { transactionId: checkout.transactionId ?? '—', paidAt: checkout.paidAt }
              : null
          }
          unpaid={onTerms ? null : <p>We ship it once it is paid.</p>}
          next={<ReceiptNext checkout={checkout} invoiceNumber={invoiceNumber} />}
        />
      )}
    </section>
  );
}
