import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import type { Database } from '@/lib/db/client';
import { readsCompanyDocuments } from '@/lib/db/company-membership';
import { quotes, type Quote } from '@/lib/db/schema';
import { forbidden, notFound } from '@/lib/errors';
import { idSchema } from '@/lib/validation/fields';

const QUOTE_NOT_FOUND = 'Quote not found';

/**
 * A quote its owner, its company's members or an admin may see. Another customer's quote is a 404, like an unknown id: the answer does not
 * confirm that it exists.
 */
export async function findQuoteFor(actor: Actor | null, id: string, db: Database): Promise<Quote> {
  const current = requireSignedIn(actor);
  if (!idSchema.safeParse(id).success) throw notFound(QUOTE_NOT_FOUND);
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!quote) throw notFound(QUOTE_NOT_FOUND);
  const readable =
    quote.userId === current.userId ||
    (await readsCompanyDocuments(db, current.userId, quote.companyId)) ||
    isAdmin(current);
  if (!readable) throw notFound(QUOTE_NOT_FOUND);
  return quote;
}

/** The customer's own quote (accept, decline): an admin may read it but not decide for the customer. */
export async function findOwnQuote(actor: Actor | null, id: string, db: Database): Promise<Quote> {
  const current = requireSignedIn(actor);
  const quote = await findQuoteFor(current, id, db);
  if (quote.userId !== current.userId) {
    throw forbidden('Only the customer who asked for this quote can do this');
  }
  return quote;
}
