import { desc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { checkouts, quotes, users } from '@/lib/db/schema';
import { readDocuments } from '@/lib/orders/document-reads';
import type { OrderDocumentDto, QuoteStatus } from '@/lib/types';
import { requireMembership } from './membership';

/** How many of a company's latest orders and quotes its page lists. */
export const COMPANY_LIST_SIZE = 50;

export interface CompanyQuoteRow {
  quoteId: string;
  number: number;
  status: QuoteStatus;
  buyer: string;
  createdAt: string;
}

/** A company's latest order documents, whoever placed them (members read them all; a buyer acts only on their own). */
export async function companyOrders(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<OrderDocumentDto[]> {
  const member = await requireMembership(actor, db);
  return ordersOfCompany(member.actor, member.companyId, db);
}

/** The latest order documents of a company, as `actor` may read them (a member or an admin). */
export async function ordersOfCompany(
  actor: Actor,
  companyId: string,
  db: Database = getDb(),
): Promise<OrderDocumentDto[]> {
  const ids = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(eq(checkouts.companyId, companyId))
    .orderBy(desc(checkouts.createdAt))
    .limit(COMPANY_LIST_SIZE);
  return readDocuments(
    actor,
    ids.map((row) => row.id),
  );
}

/** A company's latest quotes and who asked for each. */
export async function companyQuotes(
  actor: Actor | null,
  db: Database = getDb(),
): Promise<CompanyQuoteRow[]> {
  const member = await requireMembership(actor, db);
  const rows = await db
    .select({
      quoteId: quotes.id,
      number: quotes.number,
      status: quotes.status,
      name: users.name,
      email: users.email,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.userId))
    .where(eq(quotes.companyId, member.companyId))
    .orderBy(desc(quotes.createdAt))
    .limit(COMPANY_LIST_SIZE);
  return rows.map(({ name, email, createdAt, ...quote }) => ({
    ...quote,
    buyer: name ?? email,
    createdAt: createdAt.toISOString(),
  }));
}
