import { sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { invoices, type Invoice } from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import type { ScheduledJob } from '@/lib/jobs/schedule';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';

const open = sql`${invoices.kind} = 'invoice' AND ${invoices.status} = 'open' AND ${invoices.dueOn} IS NOT NULL`;

/** Each kind of reminder: which open invoices are due one, and the column that records it was sent. */
const REMINDERS = [
  {
    when: 'before' as const,
    column: invoices.remindedBeforeAt,
    due: sql`${invoices.dueOn} - 3 <= current_date AND ${invoices.dueOn} >= current_date`,
  },
  {
    when: 'after' as const,
    column: invoices.remindedAfterAt,
    due: sql`${invoices.dueOn} < current_date`,
  },
];

/**
 * Queues the reminders that fell due, each once: the UPDATE claims an invoice's reminder (sets its column) in the
 * transaction that queues the mail, so another instance running the same job at the same time finds it claimed,
 * and a crash before commit leaves it unclaimed for the next run.
 */
export async function sendInvoiceReminders(
  db: Database = getDb(),
  origin: string = mailOrigin(),
): Promise<number> {
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const { when, column, due } of REMINDERS) {
      const claimed: Invoice[] = await tx
        .update(invoices)
        .set(when === 'before' ? { remindedBeforeAt: sql`now()` } : { remindedAfterAt: sql`now()` })
        .where(sql`${open} AND ${column} IS NULL AND ${due}`)
        .returning();
      for (const invoice of claimed) {
        const document = invoice.document as InvoiceDocument;
        await enqueueMail(tx, 'invoice_reminder', document.buyer.email, {
          name: document.buyer.name,
          invoiceNumber: invoice.number,
          dueCents: invoice.totalCents - invoice.paidCents,
          dueOn: invoice.dueOn!,
          when,
          bank: document.seller.bank,
          link: `${origin}/dashboard`,
        });
      }
      sent += claimed.length;
    }
    return sent;
  });
}

export const invoiceReminderJob: ScheduledJob = {
  name: 'invoice-reminders',
  everyMs: 10 * 60_000,
  run: () => sendInvoiceReminders(),
};
