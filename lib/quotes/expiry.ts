import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/lib/db/client';
import { quoteEvents, quotes, users } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/schedule';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { quoteLink } from './mails';
import { validUntilText } from '@/lib/validation/quotes';

/**
 * Expires every answered quote whose validity has passed, and mails its customer. The UPDATE claims the
 * rows: on several instances, or racing an accept, a quote is moved by exactly one of them, and its event and mail
 * are written in that same transaction.
 */
export async function expireQuotes(
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotes)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(quotes.status, 'answered'), sql`${quotes.validUntil} <= now()`))
      .returning();
    if (expired.length === 0) return 0;
    await tx.insert(quoteEvents).values(
      expired.map((quote) => ({
        quoteId: quote.id,
        status: 'expired' as const,
        actor: 'shop' as const,
      })),
    );
    const customers = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          expired.map((quote) => quote.userId),
        ),
      );
    for (const quote of expired) {
      const customer = customers.find((candidate) => candidate.id === quote.userId)!;
      await enqueueMail(tx, 'quote_expired', customer.email, {
        number: quote.number,
        name: customer.name ?? customer.email,
        link: quoteLink(origin, quote.id),
        validUntil: validUntilText(quote.validUntil!),
      });
    }
    return expired.length;
  });
}

export const QUOTE_EXPIRY_JOB: ScheduledJob = {
  name: 'quote-expiry',
  // Often enough that an expiry reads as on time; the claim is one indexed UPDATE.
  everyMs: 15_000,
  run: () => expireQuotes(),
};
