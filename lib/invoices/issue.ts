import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { billedCompany } from '@/lib/db/billed-party';
import { checkouts, invoices, orders, quotes, tools, type Invoice } from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { formatCheckoutNumber, formatQuoteNumber } from '@/lib/format';
import { allocateNumber } from '@/lib/invoices/numbers';
import { taxedLineOf } from '@/lib/db/taxed-lines';
import { taxBreakdown, taxTotals } from '@/lib/tax/rounding';
import { noteFor } from '@/lib/tax/rules';
import { sellerTaxProfile } from '@/lib/tax/seller';

/** An invoice number taken ahead of its invoice in the same transaction (a placement on terms mails it). */
export interface AllocatedNumber {
  number: string;
  issuedOn: string;
}

export type Settlement =
  | { method: 'card'; transactionId: string }
  | { method: 'invoice'; netDays: number; allocated?: AllocatedNumber };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/** The next invoice number of today's year, in the caller's transaction (gap-free: lib/invoices/numbers.ts). */
export async function allocateInvoiceNumber(tx: Database): Promise<AllocatedNumber> {
  const issuedOn = isoDay(new Date());
  return { number: await allocateNumber(tx, 'INV', Number(issuedOn.slice(0, 4))), issuedOn };
}

/**
 * Locks the invoice of an order, if any, in the caller's transaction: every movement of its money (a card, a
 * transfer, a cancellation) takes this lock first, so each reads the ledger the one before it wrote.
 */
export async function lockInvoiceOf(tx: Database, checkoutId: string): Promise<void> {
  await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.checkoutId, checkoutId), eq(invoices.kind, 'invoice')))
    .for('update');
}

/** The invoice already issued for an order, if any. */
export async function invoiceOf(db: Database, checkoutId: string): Promise<Invoice | undefined> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.checkoutId, checkoutId), eq(invoices.kind, 'invoice')));
  return invoice;
}

/**
 * Issues the invoice of a paid (or placed on terms) order, in the caller's transaction, which also holds the payment
 * or the placement: the number is allocated there, and everything printed is stored with it. Answers the invoice
 * already issued when there is one (an order on terms paid in the end).
 */
export async function issueInvoice(
  tx: Database,
  checkoutId: string,
  settlement: Settlement,
): Promise<Invoice> {
  const existing = await invoiceOf(tx, checkoutId);
  if (existing) return existing;
  const lines = await tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(orders.number);
  const first = lines[0]!;
  const basePrices = await tx
    .select({ id: tools.id, priceCents: tools.priceCents })
    .from(tools)
    .where(
      inArray(
        tools.id,
        lines.map((line) => line.toolId),
      ),
    );
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  // Billed to the company the order was placed for, with its tax id, whoever buys for it now.
  const billed = await billedCompany(tx, checkout!.companyId);
  const [quote] = await tx
    .select({ number: quotes.number, leadTimeDays: quotes.leadTimeDays })
    .from(quotes)
    .where(eq(quotes.checkoutId, checkoutId));
  const seller = sellerTaxProfile();
  const { number, issuedOn } =
    (settlement.method === 'invoice' && settlement.allocated) || (await allocateInvoiceNumber(tx));
  // The VAT was decided and rounded per line when the order was placed: the invoice states what was charged.
  const taxed = lines.map(taxedLineOf);
  const { netCents, taxCents, grossCents } = taxTotals(taxed);
  const invoiceLines = lines.map((line) => {
    const base = basePrices.find((tool) => tool.id === line.toolId)?.priceCents;
    return {
      orderNumber: line.number,
      sku: line.sku,
      product: line.productName,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      // A quote's price is agreed, not a break off the list price: nothing to count as saved.
      basePriceCents: quote
        ? line.unitPriceCents
        : Math.max(base ?? line.unitPriceCents, line.unitPriceCents),
      totalCents: line.totalCents,
      backOrdered: line.backOrdered,
      taxRateBasisPoints: line.taxRateBasisPoints,
      taxCents: line.taxCents,
    };
  });
  const onTerms = settlement.method === 'invoice';
  const document: InvoiceDocument = {
    kind: 'invoice',
    number,
    issuedOn,
    dueOn: onTerms ? addDays(issuedOn, settlement.netDays) : null,
    netDays: onTerms ? settlement.netDays : null,
    method: settlement.method,
    transactionId: onTerms ? null : settlement.transactionId,
    reference: `Order ${formatCheckoutNumber(checkout!.number)}`,
    poNumber: first.poNumber,
    requestedDeliveryOn: checkout!.requestedDeliveryOn,
    quote: quote
      ? { number: formatQuoteNumber(quote.number), leadTimeDays: quote.leadTimeDays }
      : null,
    creditsInvoice: null,
    seller: {
      name: seller.name,
      address: seller.address,
      taxId: seller.taxId,
      bank: seller.bank,
      country: seller.country,
      vatId: seller.vatId,
      iban: seller.iban,
      bic: seller.bic,
      contact: seller.contact,
    },
    buyer: {
      name: first.userName,
      email: first.email,
      companyName: billed.companyName,
      taxId: billed.taxId,
      billingAddress: billed.billingAddress,
      shippingAddress: first.address,
      phone: first.phone,
      country: billed.country,
      buyerReference: billed.buyerReference,
    },
    lines: invoiceLines,
    savingsCents: invoiceLines.reduce(
      (sum, line) => sum + (line.basePriceCents - line.unitPriceCents) * line.quantity,
      0,
    ),
    subtotalCents: netCents,
    taxRatePercent: seller.standardRatePercent,
    taxCents,
    totalCents: grossCents,
    taxCategory: first.taxCategory,
    taxNote: noteFor(first.taxCategory).note,
    taxBreakdown: taxBreakdown(taxed),
  };
  const totalCents = grossCents;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      kind: 'invoice',
      userId: first.userId,
      companyId: checkout!.companyId,
      checkoutId,
      method: settlement.method,
      totalCents,
      paidCents: onTerms ? 0 : totalCents,
      status: onTerms ? 'open' : 'paid',
      dueOn: document.dueOn,
      document,
    })
    .returning();
  return invoice!;
}

/**
 * A card payment that reached an order on terms settles its invoice; one paid by card alone gets its invoice now.
 * Runs in the payment's transaction.
 */
export async function invoicePayment(
  tx: Database,
  checkoutId: string,
  transactionId: string,
): Promise<Invoice> {
  const invoice = await issueInvoice(tx, checkoutId, { method: 'card', transactionId });
  if (invoice.status !== 'open') return invoice;
  const [settled] = await tx
    .update(invoices)
    .set({ status: 'paid', paidCents: invoice.totalCents })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return settled!;
}

/**
 * A cancelled order that had an invoice gets a credit note for it (never a deleted invoice), in the cancellation's
 * transaction; the invoice stops being due.
 */
export async function creditInvoiceOf(tx: Database, checkoutId: string): Promise<Invoice | null> {
  const invoice = await invoiceOf(tx, checkoutId);
  if (!invoice || invoice.status === 'credited') return null;
  const issuedOn = isoDay(new Date());
  const number = await allocateNumber(tx, 'CN', Number(issuedOn.slice(0, 4)));
  const printed = invoice.document as InvoiceDocument;
  const document: InvoiceDocument = {
    ...printed,
    kind: 'credit_note',
    number,
    issuedOn,
    dueOn: null,
    creditsInvoice: invoice.number,
    creditsInvoiceIssuedOn: printed.issuedOn,
  };
  await tx.update(invoices).set({ status: 'credited' }).where(eq(invoices.id, invoice.id));
  const [note] = await tx
    .insert(invoices)
    .values({
      number,
      kind: 'credit_note',
      userId: invoice.userId,
      companyId: invoice.companyId,
      orderId: invoice.orderId,
      checkoutId: invoice.checkoutId,
      creditsInvoiceId: invoice.id,
      method: invoice.method,
      totalCents: invoice.totalCents,
      paidCents: 0,
      status: 'credited',
      document,
    })
    .returning();
  return note!;
}

/**
 * A recorded transfer taken off what is due on an open invoice, in one conditional UPDATE: two recordings at once can
 * never take it below zero nor above the total. Answers the invoice as it is now, or null when the amount is more
 * than is due or the invoice is not open.
 */
export async function applyTransfer(
  tx: Database,
  invoiceId: string,
  amountCents: number,
): Promise<Invoice | null> {
  const [row] = await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${amountCents}`,
      status: sql`CASE WHEN ${invoices.paidCents} + ${amountCents} = ${invoices.totalCents} THEN 'paid' ELSE 'open' END`,
    })
    .where(
      sql`${invoices.id} = ${invoiceId} AND ${invoices.kind} = 'invoice' AND ${invoices.status} = 'open'
          AND ${invoices.paidCents} + ${amountCents} <= ${invoices.totalCents}`,
    )
    .returning();
  return row ?? null;
}
