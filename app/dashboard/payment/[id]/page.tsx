import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { notFound, redirect } from 'next/navigation';
import { Checkout } from '@/components/payment/checkout';
import { OrderPaymentSummary } from '@/components/payment/order-payment-summary';
import { ReceiptNext } from '@/components/payment/receipt-next';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { getCheckout } from '@/lib/orders/document';
import { getOrder } from '@/lib/orders/queries';

export const metadata: Metadata = { title: 'Payment Process' };

export default async function PaymentPage({ params }: PageProps<'/dashboard/payment/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/dashboard/payment/${id}`);
  // Someone else's order (403 from the API) shows the not-found page too: the page does not confirm that it exists.
  const order = await getOrder(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  });
  // A line of an order of several is paid with its order, on the order's page, for what the whole order owes.
  const checkout = await getCheckout(actor, order.checkoutId);
  if (checkout.lines.length > 1) redirect(`/checkout/${order.checkoutId}`);

  return (
    <section aria-labelledby="payment-title" className="flex flex-col gap-6">
      <PageHeading id="payment-title">Payment Process</PageHeading>
      {/* A paid order shows its receipt only: a "Please pay" above it would contradict it. */}
      <Checkout
        order={order}
        summary={<OrderPaymentSummary order={order} />}
        settled={
          order.paid ? { transactionId: order.transactionId ?? '—', paidAt: order.paidAt } : null
        }
        next={<ReceiptNext checkout={checkout} invoiceNumber={order.invoiceNumber} />}
      />
    </section>
  );
}
