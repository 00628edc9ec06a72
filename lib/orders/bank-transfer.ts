import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { conflict } from '@/lib/errors';
import { applyTransfer } from '@/lib/invoices/issue';
import { findInvoiceFor, toInvoiceDto } from '@/lib/invoices/queries';
import { mailOrigin } from '@/lib/mail/config';
import { formatUsd } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import { recordMovement } from '@/lib/orders/ledger';
import { markPaid } from '@/lib/orders/payment';
import type { InvoiceDto } from '@/lib/types';
import { invoicePaymentSchema, type InvoicePaymentInput } from '@/lib/validation/invoices';

/**
 * An admin records a bank transfer against an open invoice (Record payment). The amount is taken off what is due in
 * one conditional UPDATE, so two recordings at once can never take it below zero (nor above what is due), and written
 * to the order's ledger in the same transaction; the transfer that settles it marks
 * every line of the order paid, with the invoice number as its transaction id.
 */
export async function recordBankTransfer(
  actor: Actor | null,
  rawNumber: string,
  input: InvoicePaymentInput,
  origin: string = mailOrigin(),
): Promise<InvoiceDto> {
  const admin = requireAdmin(actor);
  const { amount, date, reference } = invoicePaymentSchema.parse(input);
  const invoice = await findInvoiceFor(admin, rawNumber);
  const amountCents = toCents(amount);
  const updated = await getDb().transaction(async (tx) => {
    const row = await applyTransfer(tx, invoice.id, amountCents);
    if (!row) {
      const due = formatUsd(toDollars(invoice.totalCents - invoice.paidCents));
      throw conflict(
        invoice.status === 'open'
          ? `The amount is more than is due on ${invoice.number} (${due})`
          : `Invoice ${invoice.number} is not open`,
        { amount: 'The amount is more than is due' },
      );
    }
    const checkoutId = row.checkoutId!;
    await recordMovement(tx, checkoutId, {
      kind: 'transfer',
      invoiceId: row.id,
      amountCents,
      paidOn: date,
      reference,
      recordedBy: admin.userId,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'payment.record',
      target: `invoice ${row.number}`,
      before: { paid: toDollars(row.paidCents - amountCents), status: invoice.status },
      after: { paid: toDollars(row.paidCents), status: row.status, amount, date, reference },
    });
    if (row.status === 'paid')
      await markPaid({ checkoutId, transactionId: row.number, by: 'admin', origin }, tx);
    return row;
  });
  return toInvoiceDto(updated);
}
