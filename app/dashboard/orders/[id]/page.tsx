import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OrderAgainButton } from '@/components/cart/order-again-button';
import { SaveAsListButton } from '@/components/lists/save-as-list-button';
import { AdminCancelOrder } from '@/components/orders/admin-cancel-order';
import { PackingSlipLink } from '@/components/orders/document-links';
import { AmountDueCell, documentName } from '@/components/orders/document-cells';
import { DocumentLinesTable } from '@/components/orders/document-lines-table';
import { DocumentPapers, DocumentPayments } from '@/components/orders/document-money';
import { DocumentShipments } from '@/components/orders/document-shipments';
import { DocumentStatusBadge } from '@/components/orders/order-cells';
import { OrderTimeline } from '@/components/orders/order-timeline';
import { ShipDialog } from '@/components/orders/ship-dialog';
import { TaxBreakdown } from '@/components/invoices/tax-summary';
import { Price } from '@/components/price';
import { PageHeader } from '@/components/ui/page-header';
import { isAdmin } from '@/lib/auth/guards';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { formatCheckoutNumber, formatDay, formatPieces } from '@/lib/format';
import { toDollars } from '@/lib/money';
import { refundOwedOnCancel } from '@/lib/orders/cancellation';
import { getOrderDocument } from '@/lib/orders/document-reads';

export const metadata: Metadata = { title: 'Order' };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="card bg-base-100 shadow-md">
      <div className="card-body gap-3">
        <h3 className="card-title text-lg">{title}</h3>
        {children}
      </div>
    </section>
  );
}

/** An order document (by its id or any of its lines' ids): lines, money, papers, shipments and history. */
export default async function OrderPage({
  params,
  searchParams,
}: PageProps<'/dashboard/orders/[id]'>) {
  const { id } = await params;
  const { ship } = await searchParams;
  const actor = await requirePageActor(`/dashboard/orders/${id}`);
  // Someone else's order shows the not-found page, as the payment page does: nothing confirms that it exists.
  const { document, events } = await getOrderDocument(actor, id).catch((error: unknown) => {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  });
  const admin = isAdmin(actor);
  const first = document.lines[0]!;
  const cancellable = admin && !document.paid;
  const refundOwed = cancellable ? toDollars(await refundOwedOnCancel(actor, first.orderId)) : 0;
  const shippable = document.lines.filter((line) => line.shippable > 0);
  const mayShip = admin && (document.paid || document.onTerms) && shippable.length > 0;
  const shippedPieces = document.lines.reduce((sum, line) => sum + line.shipped, 0);
  return (
    <section aria-labelledby="order-title" className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        id="order-title"
        title={`Order ${documentName(document)}`}
        back={
          admin
            ? { href: '/dashboard/manageorder', label: 'Back to All Orders' }
            : { href: '/dashboard/myorder', label: 'Back to My Orders' }
        }
        description={
          <>
            Placed {formatDay(document.createdAt)} by {document.buyer.name}
            {document.buyer.company && <>, {document.buyer.company}</>} ({document.buyer.email})
          </>
        }
      />
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <DocumentStatusBadge document={document} />
            {document.status === 'partially_shipped' && (
              <span className="text-sm">
                {formatPieces(shippedPieces)} of {formatPieces(document.pieces)} shipped
              </span>
            )}
            <span className="text-sm">Order {formatCheckoutNumber(document.number)}</span>
            {document.poNumber && <span className="text-sm">PO {document.poNumber}</span>}
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/70">Total</dt>
            <dd>
              <Price amount={document.total} className="font-semibold" /> for{' '}
              {formatPieces(document.pieces)}
            </dd>
            <dt className="text-base-content/70">Tax</dt>
            <dd>
              <TaxBreakdown tax={document.tax} />
            </dd>
            <dt className="text-base-content/70">Amount due</dt>
            <dd>
              <AmountDueCell document={document} />
            </dd>
            {document.refundOwed > 0 && (
              <>
                <dt className="text-base-content/70">Refund owed</dt>
                <dd>
                  <Price amount={document.refundOwed} />
                </dd>
              </>
            )}
            {document.requestedDeliveryOn && (
              <>
                <dt className="text-base-content/70">Requested delivery</dt>
                <dd>
                  <time dateTime={document.requestedDeliveryOn}>
                    {formatDay(`${document.requestedDeliveryOn}T00:00:00Z`)}
                  </time>
                </dd>
              </>
            )}
            <dt className="text-base-content/70">Ship to</dt>
            <dd>
              <address className="not-italic">
                {document.buyer.address},{' '}
                <a href={`tel:${document.buyer.phone.replace(/[^\d+]/g, '')}`} className="link">
                  {document.buyer.phone}
                </a>
              </address>
            </dd>
          </dl>
          <div className="card-actions items-center">
            {mayShip && (
              <ShipDialog
                key={shippedPieces}
                documentId={document.id}
                name={documentName(document)}
                lines={shippable}
                openAtStart={ship === '1'}
              />
            )}
            <OrderAgainButton target={{ checkoutId: document.id }} />
            {!admin && (
              <SaveAsListButton
                source={{ fromOrder: document.id }}
                defaultName={documentName(document)}
              />
            )}
            {admin && <PackingSlipLink order={{ _id: first.orderId }} />}
            {cancellable && (
              <AdminCancelOrder
                orderId={first.orderId}
                number={first.number}
                refundOwed={refundOwed}
              />
            )}
          </div>
        </div>
      </div>
      <Section title="Lines">
        <DocumentLinesTable lines={document.lines} />
      </Section>
      <Section title="Shipments">
        <DocumentShipments document={document} packingSlips={admin} />
      </Section>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Payments">
          <DocumentPayments payments={document.payments} />
        </Section>
        <Section title="Invoices and credit notes">
          <DocumentPapers papers={document.papers} />
        </Section>
      </div>
      <Section title="History">
        <OrderTimeline events={events} />
      </Section>
    </section>
  );
}
