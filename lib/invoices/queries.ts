import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { isAdmin, requireAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { membershipOf, readsCompanyDocuments } from '@/lib/db/company-membership';
import { invoices, type Invoice } from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { renderEInvoice } from '@/lib/documents/einvoice/render';
import { renderInvoicePdf } from '@/lib/documents/invoice-pdf';
import { notFound } from '@/lib/errors';
import { creditOfCompany } from '@/lib/invoices/terms';
import { toDollars } from '@/lib/money';
import type { InvoiceDto } from '@/lib/types';
import {
  eInvoiceSyntaxSchema,
  invoiceFormatOf,
  invoiceNumberSchema,
} from '@/lib/validation/invoices';

const today = () => new Date().toISOString().slice(0, 10);

export function toInvoiceDto(invoice: Invoice): InvoiceDto {
  const document = invoice.document as InvoiceDocument;
  return {
    number: invoice.number,
    kind: invoice.kind,
    method: invoice.method,
    status: invoice.status,
    reference: document.reference,
    buyer: document.buyer.companyName ?? document.buyer.name,
    email: document.buyer.email,
    total: toDollars(invoice.totalCents),
    paid: toDollars(invoice.paidCents),
    due: toDollars(invoice.status === 'open' ? invoice.totalCents - invoice.paidCents : 0),
    issuedOn: document.issuedOn,
    dueOn: invoice.dueOn,
    overdue: invoice.status === 'open' && invoice.dueOn !== null && invoice.dueOn < today(),
  };
}

/**
 * An invoice or credit note its buyer, the billed company's members or an admin may read; anyone else learns nothing
 * of it (404).
 */
export async function findInvoiceFor(actor: Actor | null, rawNumber: string): Promise<Invoice> {
  const caller = requireSignedIn(actor);
  const parsed = invoiceNumberSchema.safeParse(rawNumber);
  if (!parsed.success) throw notFound('Invoice not found');
  const db = getDb();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.number, parsed.data));
  if (!invoice) throw notFound('Invoice not found');
  const readable =
    invoice.userId === caller.userId ||
    (await readsCompanyDocuments(db, caller.userId, invoice.companyId)) ||
    isAdmin(caller);
  if (!readable) throw notFound('Invoice not found');
  return invoice;
}

export type InvoiceFile =
  | { format: 'pdf'; filename: string; pdf: Buffer }
  | { format: 'xml'; filename: string; xml: string };

/**
 * `GET /api/invoices/{number}.pdf` and `.xml`: the stored invoice as its Factur-X PDF, or its EN 16931 XML alone
 * (CII, or UBL with `?syntax=ubl`), for its buyer or an admin.
 */
export async function invoiceFile(
  actor: Actor | null,
  rawNumber: string,
  rawSyntax: string | null = null,
): Promise<InvoiceFile> {
  const invoice = await findInvoiceFor(actor, rawNumber);
  const document = invoice.document as InvoiceDocument;
  if (invoiceFormatOf(rawNumber) === 'pdf') {
    return {
      format: 'pdf',
      filename: `${invoice.number}.pdf`,
      pdf: await renderInvoicePdf(document),
    };
  }
  const syntax = eInvoiceSyntaxSchema.parse(rawSyntax);
  return {
    format: 'xml',
    filename: `${invoice.number}${syntax === 'ubl' ? '-ubl' : ''}.xml`,
    xml: renderEInvoice(document, syntax),
  };
}

/** Open invoices for All Orders: overdue ones first, then by due date. */
export async function listOpenInvoices(actor: Actor | null): Promise<InvoiceDto[]> {
  requireAdmin(actor);
  const rows = await getDb()
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'invoice'), eq(invoices.status, 'open')))
    .orderBy(sql`${invoices.dueOn} < current_date DESC`, asc(invoices.dueOn), asc(invoices.number));
  return rows.map(toInvoiceDto);
}

/**
 * My Profile: the caller's open invoices, with their company's (a company's credit is shared), and, on terms, the
 * limit and what is left of it (dollars).
 */
export async function myInvoices(actor: Actor | null): Promise<{
  invoices: InvoiceDto[];
  terms: { netDays: number; creditLimit: number; remainingCredit: number } | null;
}> {
  const { userId } = requireSignedIn(actor);
  const db = getDb();
  const member = await membershipOf(db, userId);
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        member
          ? or(eq(invoices.userId, userId), eq(invoices.companyId, member.companyId))
          : eq(invoices.userId, userId),
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'open'),
      ),
    )
    .orderBy(asc(invoices.dueOn));
  const credit = member && (await creditOfCompany(db, member.companyId));
  return {
    invoices: rows.map(toInvoiceDto),
    terms: credit && {
      netDays: credit.netDays,
      creditLimit: toDollars(credit.creditLimitCents),
      remainingCredit: toDollars(credit.remainingCents),
    },
  };
}

/** The invoice of each of these lines' order, for the lists that link to it. */
export async function invoicesOfOrders(
  lines: readonly { _id: string; checkoutId: string }[],
): Promise<Map<string, { invoiceNumber: string; dueDate?: string }>> {
  if (lines.length === 0) return new Map();
  const rows = await getDb()
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        inArray(invoices.checkoutId, [...new Set(lines.map((line) => line.checkoutId))]),
      ),
    );
  const found = new Map<string, { invoiceNumber: string; dueDate?: string }>();
  for (const line of lines) {
    const invoice = rows.find((row) => row.checkoutId === line.checkoutId);
    if (invoice) {
      found.set(line._id, {
        invoiceNumber: invoice.number,
        ...(invoice.dueOn && { dueDate: invoice.dueOn }),
      });
    }
  }
  return found;
}
