import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { isAdmin, requireSignedIn } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { checkouts, companyMembers, orders } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { describeDocuments } from '@/lib/orders/document-view';
import { readOrderEvents } from '@/lib/orders/events';
import type { OrderDocumentDto, OrderEventDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';

/**
 * The documents these ids name (a document's own id or any of its lines' ids), in the order asked; a customer gets
 * their own and their company's only, and anyone else's is left out as if it did not exist.
 */
export async function readDocuments(
  actor: Actor | null,
  ids: readonly string[],
): Promise<OrderDocumentDto[]> {
  const caller = requireSignedIn(actor);
  const db = getDb();
  const named = [...ids];
  // By account, never by email address, as every order read (lib/orders/access.ts); a company's members read its own.
  const { userId } = caller;
  const readable = isAdmin(caller)
    ? undefined
    : or(
        eq(orders.userId, userId),
        inArray(
          checkouts.companyId,
          db
            .select({ companyId: companyMembers.companyId })
            .from(companyMembers)
            .where(eq(companyMembers.userId, userId)),
        ),
      );
  // Which documents are named and readable, and every line of them, in one statement.
  const lines = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.checkoutId,
        db
          .select({ checkoutId: orders.checkoutId })
          .from(orders)
          .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
          .where(and(or(inArray(orders.id, named), inArray(orders.checkoutId, named)), readable)),
      ),
    )
    .orderBy(asc(orders.number));
  const documents = await describeDocuments(db, lines);
  const keyOf = new Map<string, string>();
  for (const line of lines) {
    keyOf.set(line.id, line.checkoutId);
    keyOf.set(line.checkoutId, line.checkoutId);
  }
  const byKey = new Map(documents.map((document) => [document.id, document]));
  const asked = [...new Set(named.flatMap((id) => keyOf.get(id) ?? []))];
  return asked.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * The order page: the document an id names, with the history of its lines (one entry for what happened to all of
 * them at once). Someone else's document is a 404, as an unknown one.
 */
export async function getOrderDocument(
  actor: Actor | null,
  id: string,
): Promise<{ document: OrderDocumentDto; events: OrderEventDto[] }> {
  requireSignedIn(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Order not found');
  const [document] = await readDocuments(actor, [id]);
  if (!document) throw notFound('Order not found');
  const db = getDb();
  const histories = await Promise.all(
    document.lines.map((line) => readOrderEvents(db, line.orderId)),
  );
  const seen = new Set<string>();
  const events = histories
    .flat()
    .map(({ kind, actor: by, reference, createdAt }) => ({
      kind,
      actor: by,
      reference,
      at: createdAt.toISOString(),
    }))
    .filter((event) => {
      const key = `${event.kind} ${event.actor} ${event.reference} ${event.at}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.at.localeCompare(b.at));
  return { document, events };
}
