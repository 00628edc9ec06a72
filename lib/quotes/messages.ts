import { sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit/record';
import { formatQuoteNumber } from '@/lib/format';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb, type Database } from '@/lib/db/client';
import { quoteMessages, quotes } from '@/lib/db/schema';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { quoteMessageSchema, type QuoteMessageInput } from '@/lib/validation/quotes';
import { findQuoteFor } from './access';
import { takeQuoteMessageSlot } from './limits';
import { customerOf, mailAdminsDigest, quoteLink } from './mails';

/**
 * A message on the quote's thread, in any state (a question after it closed still reaches the other side): plain
 * text, stored as typed and always shown as text. The other side is mailed in the same transaction.
 */
export async function postQuoteMessage(
  actor: Actor | null,
  id: string,
  input: QuoteMessageInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{ author: 'customer' | 'admin'; name: string; text: string; at: string }> {
  const current = requireSignedIn(actor);
  const quote = await findQuoteFor(current, id, db);
  const { text } = quoteMessageSchema.parse(input);
  // An admin writing on their own quote speaks as its customer.
  const author = isAdmin(current) && quote.userId !== current.userId ? 'admin' : 'customer';
  return db.transaction(async (tx) => {
    await takeQuoteMessageSlot(tx, current);
    const [message] = await tx
      .insert(quoteMessages)
      .values({ quoteId: id, author, authorName: current.name, text })
      .returning();
    await tx
      .update(quotes)
      .set({ updatedAt: sql`now()` })
      .where(sql`${quotes.id} = ${id}`);
    const mail = { number: quote.number, from: current.name, text, link: quoteLink(origin, id) };
    if (author === 'customer') {
      await mailAdminsDigest(tx, mail);
    } else {
      await recordAudit(tx, {
        actor: current,
        action: 'quote.message',
        target: `quote ${formatQuoteNumber(quote.number)}`,
        after: { text },
      });
      const customer = await customerOf(tx, quote.userId);
      await enqueueMail(tx, 'quote_message', customer.email, { ...mail, name: customer.name });
    }
    return {
      author,
      name: message!.authorName,
      text: message!.text,
      at: message!.createdAt.toISOString(),
    };
  });
}
