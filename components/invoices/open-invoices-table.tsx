'use client';

import { useRouter } from 'next/navigation';
import { InvoiceLink } from '@/components/orders/document-links';
import { Price } from '@/components/price';
import { DataTable, type Column } from '@/components/tables/data-table';
import { formatDay } from '@/lib/format';
import type { InvoiceDto } from '@/lib/types';
import { RecordPaymentButton } from './record-payment-button';

const day = (isoDay: string | null) => (isoDay ? formatDay(`${isoDay}T00:00:00Z`) : '—');

/** Open invoices on terms, overdue first (the server's order), for admins (with Record payment) or their buyer. */
export function OpenInvoicesTable({ invoices, admin }: { invoices: InvoiceDto[]; admin: boolean }) {
  const router = useRouter();
  const columns: Column<InvoiceDto>[] = [
    {
      header: 'Invoice',
      rowHeader: true,
      card: 'none',
      cell: (invoice) => <InvoiceLink order={{ invoiceNumber: invoice.number, paid: true }} />,
    },
    ...(admin ? [{ header: 'Buyer', cell: (invoice: InvoiceDto) => invoice.buyer }] : []),
    { header: 'For', cell: (invoice) => invoice.reference },
    {
      header: 'Due date',
      cell: (invoice) => (
        <span className={invoice.overdue ? 'font-semibold text-error' : undefined}>
          {day(invoice.dueOn)}
          {invoice.overdue && ' (overdue)'}
        </span>
      ),
    },
    { header: 'Total', cell: (invoice) => <Price amount={invoice.total} /> },
    { header: 'Still due', cell: (invoice) => <Price amount={invoice.due} /> },
    ...(admin
      ? [
          {
            header: 'Payment',
            card: 'action' as const,
            cell: (invoice: InvoiceDto) => (
              <RecordPaymentButton invoice={invoice} onRecorded={() => router.refresh()} />
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption="Open invoices"
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.number}
      cardTitle={(invoice) => <InvoiceLink order={{ invoiceNumber: invoice.number, paid: true }} />}
    />
  );
}
