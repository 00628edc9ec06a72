import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { quoteEvents, quoteLines, quotes, type Quote } from '@/lib/db/schema';
import { AppError, badRequest, conflict } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { formatQuoteNumber } from '@/lib/format';
import { toCents } from '@/lib/money';
import type { QuoteStatus } from '@/lib/types';
import { quoteAnswerSchema, validUntilText, type QuoteAnswerInput } from '@/lib/validation/quotes';
import { findOwnQuote, findQuoteFor } from './access';
import { customerOf, quoteLink } from './mails';
import { closedReason } from './queries';

type QuoteActor = 'customer' | 'admin' | 'shop';

/**
 * The one way a quote changes state: a conditional UPDATE (WHERE status is one it may leave, and `also`), and its
 * event, in the caller's transaction. Two racing moves queue on the row; the second finds the new status, updates
 * nothing, and is refused with the reason (409): exactly one wins.
 */
export async function moveQuote(
  tx: Database,
  move: {
    id: string;
    from: readonly QuoteStatus[];
    to: QuoteStatus;
    also?: SQL;
    set?: Partial<Quote>;
    /** the refusal for a quote found in another state (default: why it can no longer be accepted) */
    refuse?: (quote: Quote) => AppError;
  },
  actor: { kind: QuoteActor; userId: string | null },
): Promise<Quote> {
  const [moved] = await tx
    .update(quotes)
    .set({ ...move.set, status: move.to, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, move.id), inArray(quotes.status, [...move.from]), move.also))
    .returning();
  if (!moved) {
    const [now] = await tx.select().from(quotes).where(eq(quotes.id, move.id));
    throw move.refuse?.(now!) ?? conflict(closedReason(now!) ?? `This quote is ${now!.status}`);
  }
  await tx
    .insert(quoteEvents)
    .values({ quoteId: move.id, status: move.to, actor: actor.kind, actorId: actor.userId });
  return moved;
}

const EVERY_LINE = 'Price every line of the quote, and only its lines';

/** Still answerable: an answer is final, a closed quote stays closed. */
const refuseAnswer = ({ status }: Quote) =>
  conflict(
    status === 'answered'
      ? 'This quote was already answered'
      : `This quote is ${status} and can no longer be answered`,
  );

/**
 * The admin's answer: a unit price for every line (below the price breaks if they like), a lead time and the last
 * day it holds. One transaction: the prices, the state change, its event and the customer's mail.
 */
export async function answerQuote(
  actor: Actor | null,
  id: string,
  input: QuoteAnswerInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{ status: QuoteStatus }> {
  const admin = requireAdmin(actor, 'Only the shop can price a quote');
  await findQuoteFor(admin, id, db);
  const answer = quoteAnswerSchema.parse(input);
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    const prices = new Map(answer.lines.map((line) => [line.toolId, toCents(line.unitPrice)]));
    if (prices.size !== lines.length || lines.some((line) => !prices.has(line.toolId))) {
      throw badRequest(EVERY_LINE, { lines: EVERY_LINE });
    }
    const moved = await moveQuote(
      tx,
      {
        id,
        from: ['requested'],
        to: 'answered',
        set: { leadTimeDays: answer.leadTimeDays, validUntil: new Date(answer.validUntil) },
        refuse: refuseAnswer,
      },
      { kind: 'admin', userId: admin.userId },
    );
    for (const line of lines) {
      await tx
        .update(quoteLines)
        .set({ unitPriceCents: prices.get(line.toolId)! })
        .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.toolId, line.toolId)));
    }
    await recordAudit(tx, {
      actor: admin,
      action: 'quote.answer',
      target: `quote ${formatQuoteNumber(moved.number)}`,
      before: { status: 'requested' },
      after: {
        status: 'answered',
        unitPrices: Object.fromEntries(prices),
        leadTimeDays: answer.leadTimeDays,
        validUntil: validUntilText(answer.validUntil),
      },
    });
    const customer = await customerOf(tx, moved.userId);
    await enqueueMail(tx, 'quote_answered', customer.email, {
      number: moved.number,
      name: customer.name,
      link: quoteLink(origin, id),
      totalCents: lines.reduce((sum, line) => sum + prices.get(line.toolId)! * line.quantity, 0),
      leadTimeDays: answer.leadTimeDays,
      validUntil: validUntilText(answer.validUntil),
    });
    return { status: moved.status };
  });
}

/** The customer turns the quote down, answered or not. */
export async function declineQuote(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<{ status: QuoteStatus }> {
  const current = requireSignedIn(actor);
  await findOwnQuote(current, id, db);
  const moved = await db.transaction((tx) =>
    moveQuote(
      tx,
      { id, from: ['requested', 'answered'], to: 'declined' },
      { kind: 'customer', userId: current.userId },
    ),
  );
  return { status: moved.status };
}

/** The shop takes the quote back, answered or not (not once accepted: that is an order now). */
export async function withdrawQuote(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<{ status: QuoteStatus }> {
  const admin = requireAdmin(actor, 'Only the shop can withdraw a quote');
  await findQuoteFor(admin, id, db);
  const moved = await db.transaction(async (tx) => {
    const withdrawn = await moveQuote(
      tx,
      { id, from: ['requested', 'answered'], to: 'withdrawn' },
      { kind: 'admin', userId: admin.userId },
    );
    await recordAudit(tx, {
      actor: admin,
      action: 'quote.withdraw',
      target: `quote ${formatQuoteNumber(withdrawn.number)}`,
      after: { status: 'withdrawn' },
    });
    return withdrawn;
  });
  return { status: moved.status };
}

/** An answered quote whose validity has not passed, judged by the database's clock in the statement that accepts it. */
export const stillValid = sql`${quotes.validUntil} > now()`;
