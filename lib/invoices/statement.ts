import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import {
  companies,
  companyMembers,
  invoices,
  payments,
  users,
  type Invoice,
  type Payment,
} from '@/lib/db/schema';
import type { InvoiceDocument } from '@/lib/documents/invoice-document';
import { renderStatementPdf } from '@/lib/documents/statement-pdf';
import { notFound } from '@/lib/errors';
import { formatDay } from '@/lib/format';
import { toInvoiceDto } from '@/lib/invoices/queries';
import { creditOfCompany } from '@/lib/invoices/terms';
import { toDollars } from '@/lib/money';
import type { StatementDto, StatementEntryDto } from '@/lib/types';
import { statementQuerySchema, type StatementQuery } from '@/lib/validation/invoices';

// An account statement: the money of an account's orders on net terms, as the buyer's books keep it. Invoices add to
// what is owed; card payments, bank transfers and credit notes take off; a refund paid back adds again. Orders paid by
// card at once are not on account and stay out (their invoice and payment cancel out on the same day).

const DEFAULT_DAYS = 90;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Who may read a statement: buyers on terms, or with invoices on terms from before (terms since removed). */
export type StatementAccess =
  { kind: 'statement'; statement: StatementDto } | { kind: 'not_on_terms'; name: string };

type Entry = Omit<StatementEntryDto, 'balance'> & { cents: number };

const MOVEMENTS: readonly Payment['kind'][] = ['card', 'transfer', 'credit_note', 'refund_paid'];

function invoiceEntry(invoice: Invoice): Entry {
  const printed = invoice.document as InvoiceDocument;
  return {
    on: printed.issuedOn,
    kind: 'invoice',
    description: `Invoice ${invoice.number}${invoice.dueOn ? `, due ${formatDay(`${invoice.dueOn}T00:00:00Z`)}` : ''}`,
    order: printed.reference,
    amount: toDollars(invoice.totalCents),
    cents: invoice.totalCents,
  };
}

function movementEntry(row: Payment, orderOf: Map<string, string>): Entry {
  const order = (row.checkoutId && orderOf.get(row.checkoutId)) ?? null;
  const on = row.paidOn ?? isoDay(row.createdAt);
  if (row.kind === 'refund_paid') {
    const cents = row.amountCents;
    return {
      on,
      kind: 'refund',
      description: `Refund paid ${row.reference}`,
      order,
      amount: toDollars(cents),
      cents,
    };
  }
  const description =
    row.kind === 'credit_note'
      ? `Credit note ${row.reference}`
      : row.kind === 'transfer'
        ? `Bank transfer ${row.reference}`
        : `Card payment ${row.reference}`;
  const kind = row.kind === 'credit_note' ? 'credit_note' : 'payment';
  return {
    on,
    kind,
    description,
    order,
    amount: -toDollars(row.amountCents),
    cents: -row.amountCents,
  };
}

/** The account a statement is of: the caller's own; an admin may name any account, a customer only theirs. */
function accountOf(actor: Actor, query: StatementQuery): string {
  if (!query.user || query.user === actor.userId) return actor.userId;
  // Someone else's statement is a 404 to a customer, as another's order is: nothing says the account exists.
  if (!isAdmin(actor)) throw notFound('Statement not found');
  return query.user;
}

/**
 * The statement of an account for a period: its opening balance, each movement with the running balance, the closing
 * balance, and the open invoices as they are now. A buyer never on terms gets `not_on_terms`, which the page answers
 * with where their invoices are instead.
 */
export async function getStatement(
  actor: Actor | null,
  rawQuery: unknown,
  today: string = isoDay(new Date()),
): Promise<StatementAccess> {
  const caller = requireSignedIn(actor);
  const parsed = statementQuerySchema.safeParse(rawQuery);
  // A hand-typed bad period or account reads as the default statement of the caller, never as a 500.
  const query: StatementQuery = parsed.success ? parsed.data : {};
  const userId = accountOf(caller, query);
  const db = getDb();
  const [account] = await db
    .select({
      name: users.name,
      email: users.email,
      company: companies.name,
      companyId: companyMembers.companyId,
    })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(users.id, userId));
  if (!account) throw notFound('Statement not found');
  // A member's statement is the company's: its terms and credit are shared, so are the invoices on them.
  const onAccount = await db
    .select()
    .from(invoices)
    .where(
      and(
        account.companyId
          ? or(eq(invoices.userId, userId), eq(invoices.companyId, account.companyId))
          : eq(invoices.userId, userId),
        eq(invoices.kind, 'invoice'),
        eq(invoices.method, 'invoice'),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  const credit = account.companyId ? await creditOfCompany(db, account.companyId) : null;
  const name = account.name ?? account.email;
  if (!credit && onAccount.length === 0) return { kind: 'not_on_terms', name };

  const checkoutIds = onAccount.flatMap((invoice) =>
    invoice.checkoutId ? [invoice.checkoutId] : [],
  );
  const ledger =
    checkoutIds.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(
            and(inArray(payments.checkoutId, checkoutIds), inArray(payments.kind, [...MOVEMENTS])),
          )
          .orderBy(asc(payments.createdAt), asc(payments.id));
  const orderOf = new Map(
    onAccount.flatMap((invoice) =>
      invoice.checkoutId
        ? [[invoice.checkoutId, (invoice.document as InvoiceDocument).reference] as const]
        : [],
    ),
  );
  const all = [...onAccount.map(invoiceEntry), ...ledger.map((row) => movementEntry(row, orderOf))];
  // Stable: an invoice comes before a payment of the same day, as it was issued first.
  all.sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0));

  const to = query.to ?? today;
  const from =
    query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - DEFAULT_DAYS * 86_400_000));
  const openingCents = all
    .filter((entry) => entry.on < from)
    .reduce((sum, entry) => sum + entry.cents, 0);
  let running = openingCents;
  const entries = all
    .filter((entry) => entry.on >= from && entry.on <= to)
    .map(({ cents, ...entry }) => {
      running += cents;
      return { ...entry, balance: toDollars(running) };
    });
  const openRows = onAccount.filter((invoice) => invoice.status === 'open');
  const dueCents = (rows: readonly Invoice[]) =>
    rows.reduce((sum, invoice) => sum + invoice.totalCents - invoice.paidCents, 0);
  const open = openRows
    .map(toInvoiceDto)
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) || (a.dueOn ?? '').localeCompare(b.dueOn ?? ''),
    );
  return {
    kind: 'statement',
    statement: {
      account: { name, email: account.email, company: account.company },
      terms: credit && {
        netDays: credit.netDays,
        creditLimit: toDollars(credit.creditLimitCents),
        remainingCredit: toDollars(credit.remainingCents),
      },
      from,
      to,
      openingBalance: toDollars(openingCents),
      entries,
      closingBalance: toDollars(running),
      openInvoices: open,
      due: toDollars(dueCents(openRows)),
      overdue: toDollars(
        dueCents(openRows.filter((invoice) => invoice.dueOn !== null && invoice.dueOn < today)),
      ),
    },
  };
}

/** `GET /api/statement/pdf`: the statement as a PDF; an account never on terms has none (404). */
export async function statementPdf(
  actor: Actor | null,
  rawQuery: unknown,
): Promise<{ filename: string; pdf: Buffer }> {
  const access = await getStatement(actor, rawQuery);
  if (access.kind !== 'statement')
    throw notFound('This account has no statement: it is not on terms');
  const { statement } = access;
  return {
    filename: `statement-${statement.from}-${statement.to}.pdf`,
    pdf: await renderStatementPdf(statement),
  };
}
