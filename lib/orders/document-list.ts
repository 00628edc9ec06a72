import { and, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireAdmin } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { describeDocuments, linesOfDocuments } from '@/lib/orders/document-view';
import { awaitingApproval, orderFilterConditions } from '@/lib/orders/filters';
import type { OrderDocumentDto } from '@/lib/types';
import type { OrderFilter } from '@/lib/validation/orders';

// All Orders lists documents, not lines. A document is read through its first line (the lowest line number of its
// document), so a page is an index read of `orders` by date like the list of lines was, and the page's documents are
// then read whole.

/** The first line of its document: no line of the same document has a lower number. */
const isFirstLine = sql`NOT EXISTS (SELECT 1 FROM ${orders} AS f WHERE f.checkout_id = ${orders.checkoutId} AND f.number < ${orders.number})`;

/** Any line of the outer row's document. */
const lineOfDocument = (condition: string) =>
  sql.raw(
    `EXISTS (SELECT 1 FROM orders AS l WHERE l.checkout_id = orders.checkout_id AND ${condition})`,
  );

/**
 * The status filter asks about the document: unpaid, paid with pieces still to ship, or paid and shipped whole. Lines
 * of one document are paid together, so the first line says whether it is paid.
 */
function documentStatus(status: OrderFilter['status']): SQL | undefined {
  if (status === 'awaiting-approval') return awaitingApproval;
  if (status === 'unpaid') return and(eq(orders.paid, false), not(awaitingApproval));
  if (status === 'to-ship') return and(eq(orders.paid, true), lineOfDocument('NOT l.shipped'));
  if (status === 'shipped')
    return and(eq(orders.paid, true), sql`NOT ${lineOfDocument('NOT l.shipped')}`);
  return undefined;
}

/**
 * The search and the dates find a document when any of its lines matches ("#1042" names one line); the conditions
 * are the line list's own (lib/orders/filters.ts), asked of the lines inside the subquery.
 */
function documentMatches(filter: OrderFilter): SQL | undefined {
  const conditions = orderFilterConditions({ ...filter, status: undefined });
  if (conditions.length === 0) return undefined;
  return sql`${orders.checkoutId} IN (SELECT ${orders.checkoutId} FROM ${orders} WHERE ${and(...conditions)})`;
}

/** All Orders: one page of order documents, newest first, with All Orders' filters (admin). */
export async function listOrderDocuments(
  actor: Actor | null,
  page: { page: number; limit: number },
  filter: OrderFilter = { q: undefined },
): Promise<OrderDocumentDto[]> {
  requireAdmin(actor);
  const db = getDb();
  const firstLines = await db
    .select({ checkoutId: orders.checkoutId })
    .from(orders)
    .where(and(isFirstLine, documentStatus(filter.status), documentMatches(filter)))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const keys = firstLines.map((line) => line.checkoutId);
  const documents = await describeDocuments(db, await linesOfDocuments(db, keys));
  const byKey = new Map(documents.map((document) => [document.id, document]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}
