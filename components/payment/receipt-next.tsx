import Link from 'next/link';
import { InvoiceLink } from '@/components/orders/document-links';
import { formatPieces } from '@/lib/format';
import type { CheckoutDto, PaymentDto } from '@/lib/types';

/** How the money came: the last card or transfer of the ledger; none for an order the shop marked paid itself. */
export function paidBy(payments: readonly PaymentDto[]): 'card' | 'bank transfer' | null {
  const last = payments.findLast((row) => row.kind === 'card' || row.kind === 'transfer');
  if (!last) return null;
  return last.kind === 'card' ? 'card' : 'bank transfer';
}

/** What the buyer waits for now that it is paid: shipping, the rest of a part-shipped order, or nothing. */
function nextStep(checkout: Pick<CheckoutDto, 'status' | 'lines'>): string {
  const backOrdered = checkout.lines.reduce((sum, line) => sum + line.backOrdered, 0);
  const later =
    backOrdered > 0
      ? ` ${formatPieces(backOrdered)} are back-ordered and ship as soon as they are made.`
      : '';
  if (checkout.status === 'shipped') return 'It has shipped: the tracking number is in your mail.';
  if (checkout.status === 'partially_shipped') {
    return `Part of it has shipped; the rest follows, and each parcel's tracking number comes by mail.${later}`;
  }
  return `We pack it now and mail you the tracking number when it ships.${later}`;
}

/**
 * The receipt's last part, read on the server: paid how, the invoice (issued with the payment), and what happens
 * next, with the order's page. Right after paying the page is read again (router.refresh), so the invoice shows
 * without a reload.
 */
export function ReceiptNext({
  checkout,
  invoiceNumber,
}: {
  checkout: Pick<CheckoutDto, 'checkoutId' | 'paid' | 'payments' | 'status' | 'lines'>;
  invoiceNumber: string | undefined;
}) {
  if (!checkout.paid) return null;
  const how = paidBy(checkout.payments);
  return (
    <div className="flex flex-col gap-2 text-sm">
      {how && <p>Paid by {how}.</p>}
      {invoiceNumber ? (
        <p>
          <InvoiceLink order={{ invoiceNumber, paid: true }} />
        </p>
      ) : null}
      <p>
        <span className="font-semibold">What happens next: </span>
        {nextStep(checkout)}
      </p>
      <Link
        href={`/dashboard/orders/${checkout.checkoutId}`}
        prefetch={false}
        className="link self-start"
      >
        Order details and tracking
      </Link>
    </div>
  );
}
