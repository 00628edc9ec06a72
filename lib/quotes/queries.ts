import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { billedPartyOf } from '@/lib/db/billed-party';
import {
  quoteEvents,
  quoteLines,
  quoteMessages,
  quotes,
  tools,
  users,
  type Tool,
} from '@/lib/db/schema';
import { formatDay } from '@/lib/format';
import { toDollars } from '@/lib/money';
import { treatmentFor } from '@/lib/tax/buyer';
import { lineTaxCents } from '@/lib/tax/rounding';
import { taxSummary } from '@/lib/tax/summary';
import { unitPriceCents } from '@/lib/tools/pricing';
import { companyPriceListOf, termsForTool } from '@/lib/db/company-pricing';
import type { QuoteDto, QuoteSummaryDto, TaxSummaryDto } from '@/lib/types';
import { quoteListQuerySchema, validUntilText, type QuoteListQuery } from '@/lib/validation/quotes';
import { findQuoteFor } from './access';

const summaryColumns = {
  quoteId: quotes.id,
  number: quotes.number,
  status: quotes.status,
  validUntil: quotes.validUntil,
  leadTimeDays: quotes.leadTimeDays,
  checkoutId: quotes.checkoutId,
  createdAt: quotes.createdAt,
  userId: quotes.userId,
  name: sql<string>`coalesce(${users.name}, ${users.email})`,
  email: users.email,
  lineCount: sql<number>`(SELECT count(*)::int FROM ${quoteLines} WHERE ${quoteLines.quoteId} = ${quotes.id})`,
  pieces: sql<number>`(SELECT coalesce(sum(${quoteLines.quantity}), 0)::int FROM ${quoteLines} WHERE ${quoteLines.quoteId} = ${quotes.id})`,
  totalCents: sql<
    number | null
  >`(SELECT CASE WHEN bool_and(${quoteLines.unitPriceCents} IS NOT NULL)
    THEN sum(${quoteLines.unitPriceCents}::bigint * ${quoteLines.quantity})::float8 END
    FROM ${quoteLines} WHERE ${quoteLines.quoteId} = ${quotes.id})`,
};
const selectSummaries = (db: Database) =>
  db.select(summaryColumns).from(quotes).innerJoin(users, eq(users.id, quotes.userId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): QuoteSummaryDto {
  return {
    quoteId: row.quoteId,
    number: row.number,
    status: row.status,
    customer: { name: row.name, email: row.email },
    lineCount: row.lineCount,
    pieces: row.pieces,
    ...(row.totalCents !== null && { total: toDollars(row.totalCents) }),
    ...(row.validUntil && { validUntil: validUntilText(row.validUntil) }),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer's own quotes, or (an admin) everyone's, filtered by status and customer; newest first. */
export async function listQuotes(
  actor: Actor | null,
  query: Partial<QuoteListQuery> = {},
  db: Database = getDb(),
): Promise<QuoteSummaryDto[]> {
  const current = requireSignedIn(actor);
  const { status, customer } = quoteListQuerySchema.parse(query);
  const filters: (SQL | undefined)[] = [
    isAdmin(actor) ? undefined : eq(quotes.userId, current.userId),
    status ? eq(quotes.status, status) : undefined,
    customer === undefined
      ? undefined
      : or(
          ilike(users.email, `%${escapeLike(customer)}%`),
          ilike(users.name, `%${escapeLike(customer)}%`),
        ),
  ];
  const rows = await selectSummaries(db)
    .where(and(...filters))
    .orderBy(desc(quotes.createdAt), desc(quotes.number))
    .limit(500);
  return rows.map(toSummary);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

const expiredOn = (validUntil: Date) =>
  `This quote expired: it was valid until ${formatDay(validUntil.toISOString())}`;

/** Why a quote can no longer be accepted, in words its page and a refused call show; none while it can. */
export function closedReason(quote: {
  status: string;
  validUntil: Date | null;
}): string | undefined {
  switch (quote.status) {
    case 'requested':
      return 'This quote has not been answered yet';
    case 'accepted':
      return 'This quote was already accepted';
    case 'declined':
      return 'This quote was declined';
    case 'withdrawn':
      return 'This quote was withdrawn by the shop';
    case 'expired':
      return expiredOn(quote.validUntil!);
  }
  if (quote.validUntil && quote.validUntil.getTime() <= Date.now()) {
    return expiredOn(quote.validUntil);
  }
  return undefined;
}

/**
 * What accepting an answered quote would charge its customer: net, VAT by rate and gross by the placement's rules
 * and rounding (lib/orders/placement.ts). None before every line has its price.
 */
async function quoteTax(
  db: Database,
  userId: string,
  lines: readonly { line: { unitPriceCents: number | null; quantity: number }; tool: Tool }[],
): Promise<TaxSummaryDto | null> {
  if (lines.length === 0 || lines.some(({ line }) => line.unitPriceCents === null)) return null;
  const { treatment, rates } = treatmentFor(await billedPartyOf(db, userId));
  return taxSummary(
    lines.map(({ line, tool }) => {
      const netCents = line.unitPriceCents! * line.quantity;
      const rate = rates[tool.taxRateClass];
      return {
        category: treatment.category,
        rateBasisPoints: rate,
        netCents,
        taxCents: lineTaxCents(netCents, rate),
      };
    }),
    treatment.note,
  );
}

/** One quote with its lines, thread and history, for its customer or an admin (another customer: 404). */
export async function getQuote(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<QuoteDto> {
  const current = requireSignedIn(actor);
  const quote = await findQuoteFor(current, id, db);
  const admin = isAdmin(current);
  const [[summary], lines, messages, events] = await Promise.all([
    selectSummaries(db).where(eq(quotes.id, quote.id)),
    db
      .select({ line: quoteLines, tool: tools })
      .from(quoteLines)
      .innerJoin(tools, eq(tools.id, quoteLines.toolId))
      .where(eq(quoteLines.quoteId, quote.id))
      .orderBy(asc(tools.name)),
    db
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quote.id))
      .orderBy(asc(quoteMessages.createdAt), asc(quoteMessages.id)),
    db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(asc(quoteEvents.createdAt), asc(quoteEvents.id)),
  ]);
  const reason = closedReason(quote);
  const tax = await quoteTax(db, quote.userId, lines);
  // The list price is what the quote's customer would pay without the quote: their company's where lower.
  const prices = await companyPriceListOf(
    db,
    quote.userId,
    lines.map(({ tool }) => tool.id),
  );
  return {
    ...toSummary(summary!),
    lines: lines.map(({ line, tool }) => ({
      toolId: line.toolId,
      name: tool.name,
      sku: tool.sku,
      quantity: line.quantity,
      ...(line.unitPriceCents !== null && { unitPrice: toDollars(line.unitPriceCents) }),
      listPrice: toDollars(
        unitPriceCents(
          tool.priceCents,
          tool.priceBreaks,
          line.quantity,
          termsForTool(prices, tool.id),
        ),
      ),
      ...(admin && { stock: tool.quantity }),
      ...(quote.status === 'accepted' && { backOrdered: line.backOrdered }),
    })),
    ...(tax && { tax }),
    ...(quote.leadTimeDays !== null && { leadTimeDays: quote.leadTimeDays }),
    ...(quote.requestedDeliveryOn && { requestedDeliveryOn: quote.requestedDeliveryOn }),
    messages: messages.map((message) => ({
      author: message.author,
      name: message.authorName,
      text: message.text,
      at: message.createdAt.toISOString(),
    })),
    events: events.map((event) => ({
      status: event.status,
      actor: event.actor,
      at: event.createdAt.toISOString(),
    })),
    ...(quote.checkoutId && { checkoutId: quote.checkoutId }),
    ...(reason && { closedReason: reason }),
  };
}
