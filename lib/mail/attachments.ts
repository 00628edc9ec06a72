import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { renderInvoicePdf } from '@/lib/documents/invoice-pdf';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The files a queued mail carries: its invoice as a PDF, drawn when the mail is sent from what the invoice stored
 * when it was issued (so the outbox row stays small and every attempt attaches the same document).
 */
export async function attachmentsOf(
  db: Pick<Database, 'select'>,
  data: Record<string, unknown>,
): Promise<Attachment[]> {
  const number = data.invoiceNumber;
  if (typeof number !== 'string') return [];
  const [invoice] = await db
    .select({ document: invoices.document })
    .from(invoices)
    .where(eq(invoices.number, number));
  if (!invoice) throw new Error(`Invoice ${number} does not exist`);
  return [
    {
      filename: `${number}.pdf`,
      contentType: 'application/pdf',
      content: await renderInvoicePdf(invoice.document as InvoiceDocument),
    },
  ];
}
