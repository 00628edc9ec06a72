import { formatCents, formatDay } from '@/lib/format';
import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

/** Net terms: a reminder 3 days before an invoice falls due, and one the day after it, with the invoice attached. */
export function InvoiceReminderMail(data: MailData<'invoice_reminder'>) {
  const due = formatCents(data.dueCents);
  const day = formatDay(`${data.dueOn}T00:00:00Z`);
  return (
    <MailLayout
      heading={data.when === 'before' ? 'Your invoice is due soon' : 'Your invoice is overdue'}
      action={{ label: 'See your open invoices', href: data.link }}
    >
      <p>Hello {data.name},</p>
      <p>
        {data.when === 'before'
          ? `Invoice ${data.invoiceNumber} is due on ${day}: ${due} remains to be paid.`
          : `Invoice ${data.invoiceNumber} was due on ${day} and ${due} is still unpaid.`}
      </p>
      <p>
        Please pay by bank transfer to {data.bank}, with {data.invoiceNumber} as the reference. The
        invoice is attached.
      </p>
    </MailLayout>
  );
}
