import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { AdminCancelOrder } from '@/components/orders/admin-cancel-order';
import { InvoiceLink, PackingSlipLink } from '@/components/orders/document-links';
import { OrderStatusBadge, ShipToCell } from '@/components/orders/order-cells';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { PageHeader } from '@/components/ui/page-header';
import { isAdmin } from '@/lib/auth/guards';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { formatCheckoutNumber, formatDay, formatOrderNumber, formatPieces } from '@/lib/format';
import { toDollars } from '@/lib/money';
import { refundOwedOnCancel } from '@/lib/orders/cancellation';
import { getOrderTimeline } from '@/lib/orders/queries';

export const metadata: Metadata = { title: 'Order' };

export default async function OrderPage({ params }: PageProps<'/dashboard/orders/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/dashboard/orders/${id}`);
  // Someone else's order shows the not-found page, as the payment page does: nothing confirms that it exists.
  const { order, events } = await getOrderTimeline(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  });
  const cancellable = isAdmin(actor) && !order.paid;
  const refundOwed = cancellable ? toDollars(await refundOwedOnCancel(actor, id)) : 0;
  return (
    <section aria-labelledby="order-title" className="flex max-w-2xl flex-col gap-6">
      <PageHeader
        id="order-title"
        title={`Order ${formatOrderNumber(order.number)}`}
        back={
          isAdmin(actor)
            ? { href: '/dashboard/manageorder', label: 'Back to All Orders' }
            : { href: '/dashboard/myorder', label: 'Back to My Orders' }
        }
      />
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="card-title">{order.name}</h2>
            <OrderStatusBadge order={order} />
          </div>
          <Sku sku={order.sku} />
          <p>
            {formatPieces(order.quantity)} at <Price amount={order.price} /> per unit:{' '}
            <strong>
              <Price amount={order.total} />
            </strong>
          </p>
          <p className="text-sm text-base-content/75">
            Placed {formatDay(order.createdAt)} by {order.userName} ({order.email})
          </p>
          {order.checkoutId && (
            <p className="text-sm">
              A line of{' '}
              <Link href={`/checkout/${order.checkoutId}`} prefetch={false} className="link">
                checkout {formatCheckoutNumber(order.checkoutNumber ?? 0)}
              </Link>
              {order.poNumber && <>, PO number {order.poNumber}</>}: paid and cancelled with it.
            </p>
          )}
          <div className="text-sm">
            <h3 className="font-semibold">Ship to</h3>
            <ShipToCell order={order} />
          </div>
          <div className="card-actions items-center">
            <OrderAgainButton target={{ orderId: order._id }} />
            <InvoiceLink order={order} />
            {isAdmin(actor) && <PackingSlipLink order={order} />}
            {cancellable && (
              <AdminCancelOrder orderId={order._id} number={order.number} refundOwed={refundOwed} />
            )}
          </div>
        </div>
      </div>
      <div className="card bg-base-100 shadow-md">
        <div className="card-body">
          <h2 className="card-title">History</h2>
          <OrderTimeline events={events} />
        </div>
      </div>
    </section>
  );
}
