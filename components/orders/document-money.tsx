import { EInvoiceLinks } from '@/components/orders/document-links';
import { Price } from '@/components/price';
import { formatDay } from '@/lib/format';
import type { OrderDocumentDto, PaymentDto } from '@/lib/types';

const KIND: Record<PaymentDto['kind'], string> = {
  card: 'Card payment',
  transfer: 'Bank transfer',
  credit_note: 'Credit note',
  refund_owed: 'Refund owed',
  refund_paid: 'Refund paid',
};

/** The order's ledger: every movement of its money, oldest first. */
export function DocumentPayments({ payments }: { payments: PaymentDto[] }) {
  if (payments.length === 0) return <p className="text-sm">No payment recorded yet.</p>;
  return (
    <ul aria-label="Payments" className="flex flex-col gap-1 text-sm">
      {payments.map((payment, index) => (
        <li key={`${payment.reference}-${index}`} className="flex flex-wrap gap-x-2">
          <span className="font-semibold">{KIND[payment.kind]}</span>
          <Price amount={payment.amount} />
          <time dateTime={payment.at}>{formatDay(payment.at)}</time>
          <span className="font-mono text-xs break-all">{payment.reference}</span>
        </li>
      ))}
    </ul>
  );
}

/** The order's invoice and credit notes as PDFs and e-invoices, with an open invoice's due day. */
export function DocumentPapers({ papers }: { papers: OrderDocumentDto['papers'] }) {
  if (papers.length === 0) return <p className="text-sm">No invoice yet.</p>;
  return (
    <ul aria-label="Invoices and credit notes" className="flex flex-col gap-1 text-sm">
      {papers.map((paper) => (
        <li key={paper.number} className="flex flex-wrap gap-x-2">
          <a href={`/api/invoices/${paper.number}.pdf`} className="link" download>
            {paper.kind === 'invoice' ? 'Invoice' : 'Credit note'} {paper.number}
          </a>
          <EInvoiceLinks number={paper.number} />
          <Price amount={paper.total} />
          <span>
            {paper.status === 'open' && paper.dueOn
              ? `due ${formatDay(`${paper.dueOn}T00:00:00Z`)}`
              : paper.status}
          </span>
        </li>
      ))}
    </ul>
  );
}
