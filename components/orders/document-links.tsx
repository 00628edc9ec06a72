import { formatDay } from '@/lib/format';
import type { OrderDto } from '@/lib/types';

/**
 * An invoice's or credit note's e-invoice files: the Factur-X PDF (a PDF/A-3 with its XML inside) and the EN 16931
 * XML alone, which accounts-payable systems read without typing.
 */
export function EInvoiceLinks({ number }: { number: string }) {
  return (
    <span className="whitespace-nowrap">
      <a href={`/api/invoices/${number}.pdf`} className="link" download>
        PDF (Factur-X)
      </a>
      {' · '}
      <a href={`/api/invoices/${number}.xml`} className="link" download>
        XML (XRechnung)
      </a>
    </span>
  );
}

/** The invoice of an order (or of its checkout) as a PDF, and its due date on terms; nothing before it has one. */
export function InvoiceLink({
  order,
}: {
  order: Pick<OrderDto, 'invoiceNumber' | 'dueDate' | 'paid'>;
}) {
  if (!order.invoiceNumber) return null;
  return (
    <span className="text-xs">
      {/* The number never breaks; the line may break before it, so that a table's Order column stays narrow. */}
      {/* gap: on phones a link is a 44 px flex box (app/globals.css), which drops the space before the number. */}
      <a href={`/api/invoices/${order.invoiceNumber}.pdf`} className="link gap-1" download>
        Invoice <span className="whitespace-nowrap">{order.invoiceNumber}</span>
      </a>
      {order.dueDate && !order.paid && <> due {formatDay(`${order.dueDate}T00:00:00Z`)}</>}{' '}
      <EInvoiceLinks number={order.invoiceNumber} />
    </span>
  );
}

/** All Orders: what the warehouse packs for this order (its whole checkout), without prices. */
export function PackingSlipLink({ order }: { order: Pick<OrderDto, '_id'> }) {
  return (
    <a href={`/api/orders/${order._id}/packing-slip`} className="link text-xs" download>
      Packing slip
    </a>
  );
}
