import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { lineProblem } from '@/lib/cart/problems';
import { getDb, type Database } from '@/lib/db/client';
import { toListHeadDto } from '@/lib/db/rest-shapes';
import { cartLines, listLines, lists, orders, tools } from '@/lib/db/schema';
import { badRequest, conflict, notFound } from '@/lib/errors';
import { toDollars } from '@/lib/money';
import { unitPriceCents } from '@/lib/tools/pricing';
import { companyPriceListOf, termsForTool } from '@/lib/db/company-pricing';
import type { ListDto, ListSummaryDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import {
  LIST_MESSAGES,
  MAX_LIST_LINES,
  MAX_LISTS,
  type ListChangeInput,
  type ListLineInput,
  type NewListInput,
} from '@/lib/validation/lists';
import { resolveLines } from './lines';

type Line = { toolId: string; quantity: number };

export const TOO_MANY_LISTS = `You can keep at most ${MAX_LISTS} lists: delete one first`;
const LIST_NOT_FOUND = 'List not found';

/** The caller's list, locked for the rest of the transaction; another customer's (or none) is a 404. */
async function lockOwnList(tx: Database, actor: Actor, listId: string) {
  if (!idSchema.safeParse(listId).success) throw notFound(LIST_NOT_FOUND);
  const [list] = await tx
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, actor.userId)))
    .for('update');
  if (!list) throw notFound(LIST_NOT_FOUND);
  return list;
}

/** Replaces a list's lines with these, in this order. */
async function writeLines(tx: Database, listId: string, lines: readonly Line[]) {
  await tx.delete(listLines).where(eq(listLines.listId, listId));
  if (lines.length === 0) return;
  if (lines.length > MAX_LIST_LINES)
    throw badRequest(LIST_MESSAGES.tooMany, { lines: LIST_MESSAGES.tooMany });
  await tx.insert(listLines).values(lines.map((line, position) => ({ listId, position, ...line })));
}

/** What a new list holds: the lines sent, the caller's cart, or one of the caller's orders (a checkout). */
async function sourceLines(tx: Database, actor: Actor, input: NewListInput): Promise<Line[]> {
  if (input.lines) return resolveLines(tx, input.lines);
  if (input.fromCart) {
    const held = await tx
      .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.userId, actor.userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.toolId));
    if (held.length === 0)
      throw badRequest('Your cart is empty', { fromCart: 'Your cart is empty' });
    return held;
  }
  if (input.fromOrder) {
    const placed = await tx
      .select({ toolId: orders.toolId, quantity: orders.quantity })
      .from(orders)
      .where(and(eq(orders.checkoutId, input.fromOrder), eq(orders.userId, actor.userId)))
      .orderBy(asc(orders.number));
    // Another customer's order is not one the caller can name.
    if (placed.length === 0) throw notFound('Order not found');
    const merged = new Map<string, number>();
    for (const line of placed)
      merged.set(line.toolId, (merged.get(line.toolId) ?? 0) + line.quantity);
    return [...merged].map(([toolId, quantity]) => ({ toolId, quantity }));
  }
  return [];
}

/** Saves a named list for the caller, at most 50 per account (held under the account's lock). */
export async function createList(
  actor: Actor | null,
  input: NewListInput,
): Promise<{ listId: string }> {
  const current = requireSignedIn(actor);
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, current.userId);
    const lines = await sourceLines(tx, current, input);
    const [kept] = await tx
      .select({ lists: count() })
      .from(lists)
      .where(eq(lists.userId, current.userId));
    if ((kept?.lists ?? 0) >= MAX_LISTS) throw conflict(TOO_MANY_LISTS);
    const [list] = await tx
      .insert(lists)
      .values({ userId: current.userId, name: input.name })
      .returning({ id: lists.id });
    await writeLines(tx, list!.id, lines);
    return { listId: list!.id };
  });
}

/** The caller's lists, the last changed first. */
export async function listMyLists(actor: Actor | null): Promise<ListSummaryDto[]> {
  const { userId } = requireSignedIn(actor);
  const rows = await getDb()
    .select({
      id: lists.id,
      name: lists.name,
      createdAt: lists.createdAt,
      updatedAt: lists.updatedAt,
      lineCount: sql<number>`(SELECT count(*)::int FROM ${listLines} WHERE ${listLines.listId} = ${lists.id})`,
    })
    .from(lists)
    .where(eq(lists.userId, userId))
    .orderBy(desc(lists.updatedAt), asc(lists.name));
  return rows.map((row) => ({ ...toListHeadDto(row), lineCount: row.lineCount }));
}

/** One of the caller's lists with its tools as they are today; another customer's is a 404. */
export async function readList(
  actor: Actor | null,
  listId: string,
  db: Database = getDb(),
): Promise<ListDto> {
  const { userId } = requireSignedIn(actor);
  if (!idSchema.safeParse(listId).success) throw notFound(LIST_NOT_FOUND);
  const [list] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, userId)));
  if (!list) throw notFound(LIST_NOT_FOUND);
  const rows = await db
    .select({ quantity: listLines.quantity, tool: tools })
    .from(listLines)
    .innerJoin(tools, eq(tools.id, listLines.toolId))
    .where(eq(listLines.listId, listId))
    .orderBy(asc(listLines.position));
  const prices = await companyPriceListOf(
    db,
    userId,
    rows.map(({ tool }) => tool.id),
  );
  return {
    ...toListHeadDto(list),
    lines: rows.map(({ quantity, tool }) => {
      const problem = lineProblem(tool, quantity);
      return {
        toolId: tool.id,
        sku: tool.sku,
        name: tool.name,
        image: tool.image,
        quantity,
        unitPrice: toDollars(
          unitPriceCents(
            tool.priceCents,
            tool.priceBreaks,
            quantity,
            termsForTool(prices, tool.id),
          ),
        ),
        minQuantity: tool.minQuantity,
        available: tool.quantity,
        ...(problem && { problem }),
      };
    }),
  };
}

/** Renames a list, replaces its lines, or both. */
export async function changeList(
  actor: Actor | null,
  listId: string,
  input: ListChangeInput,
): Promise<ListDto> {
  const current = requireSignedIn(actor);
  await getDb().transaction(async (tx) => {
    await lockOwnList(tx, current, listId);
    if (input.lines) await writeLines(tx, listId, await resolveLines(tx, input.lines));
    await tx
      .update(lists)
      .set({ ...(input.name !== undefined && { name: input.name }), updatedAt: sql`now()` })
      .where(eq(lists.id, listId));
  });
  return readList(current, listId);
}

/** Adds a line to a list: a tool already on it gets the pieces added; at most 100 lines (under the list's lock). */
export async function addListLine(
  actor: Actor | null,
  listId: string,
  input: ListLineInput,
): Promise<ListDto> {
  const current = requireSignedIn(actor);
  await getDb().transaction(async (tx) => {
    await lockOwnList(tx, current, listId);
    const [line] = await resolveLines(tx, [input]);
    const [held] = await tx
      .select({
        lines: count(),
        last: sql<number>`coalesce(max(${listLines.position}), -1)::int`,
        has: sql<boolean>`bool_or(${listLines.toolId} = ${line!.toolId})`,
      })
      .from(listLines)
      .where(eq(listLines.listId, listId));
    if (!held?.has && (held?.lines ?? 0) >= MAX_LIST_LINES) throw conflict(LIST_MESSAGES.tooMany);
    await tx
      .insert(listLines)
      .values({ listId, ...line!, position: (held?.last ?? -1) + 1 })
      .onConflictDoUpdate({
        target: [listLines.listId, listLines.toolId],
        // Bounded like a line sent whole (1,000,000 pieces), however often it is added to.
        set: { quantity: sql`least(${listLines.quantity} + excluded.quantity, 1000000)` },
      });
    await tx
      .update(lists)
      .set({ updatedAt: sql`now()` })
      .where(eq(lists.id, listId));
  });
  return readList(current, listId);
}

export async function deleteList(
  actor: Actor | null,
  listId: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const { userId } = requireSignedIn(actor);
  if (!idSchema.safeParse(listId).success) throw notFound(LIST_NOT_FOUND);
  const deleted = await getDb()
    .delete(lists)
    .where(and(eq(lists.id, listId), eq(lists.userId, userId)))
    .returning({ id: lists.id });
  if (deleted.length === 0) throw notFound(LIST_NOT_FOUND);
  return { acknowledged: true, deletedCount: deleted.length };
}
