import { and, inArray, isNull } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { membershipOf } from '@/lib/db/company-membership';
import { quoteEvents, quoteLines, quoteMessages, quotes, tools } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/validation/quotes';
import { takeQuoteRequestSlot } from './limits';
import { mailAdmins, quoteLink } from './mails';

/**
 * A customer asks for a price: the quote, its lines, the opening message, its first event and the admins' mail in
 * one transaction. Quantities may exceed the stock and the price breaks; only a tool that is no longer sold is
 * refused. `POST /api/quotes` runs this under the request's Idempotency-Key, so a double submit makes one quote.
 */
export async function requestQuote(
  actor: Actor | null,
  input: QuoteRequestInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{ quoteId: string; number: number }> {
  const current = requireSignedIn(actor);
  const { lines, message, requestedDeliveryOn } = quoteRequestSchema.parse(input);
  return db.transaction(async (tx) => {
    await takeQuoteRequestSlot(tx, current);
    const ids = lines.map((line) => line.toolId);
    const sold = await tx
      .select({ id: tools.id })
      .from(tools)
      .where(and(inArray(tools.id, ids), isNull(tools.deletedAt)));
    const missing = lines.findIndex((line) => !sold.some((tool) => tool.id === line.toolId));
    if (missing >= 0) {
      throw badRequest('Choose an existing tool', {
        [`lines.${missing}.toolId`]: 'Choose an existing tool',
      });
    }
    const [quote] = await tx
      .insert(quotes)
      .values({
        userId: current.userId,
        companyId: (await membershipOf(tx, current.userId))?.companyId ?? null,
        requestedDeliveryOn,
      })
      .returning();
    const quoteId = quote!.id;
    await tx.insert(quoteLines).values(lines.map((line) => ({ quoteId, ...line })));
    await tx
      .insert(quoteEvents)
      .values({ quoteId, status: 'requested', actor: 'customer', actorId: current.userId });
    if (message) {
      await tx
        .insert(quoteMessages)
        .values({ quoteId, author: 'customer', authorName: current.name, text: message });
    }
    await mailAdmins(tx, 'quote_requested', {
      number: quote!.number,
      customer: current.name,
      text: message,
      link: quoteLink(origin, quoteId),
    });
    return { quoteId, number: quote!.number };
  });
}
