import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { changedFields, recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/guards';
import type { Actor } from '@/lib/auth/actor';
import { cachedRead, invalidate } from '@/lib/cache';
import { getDb } from '@/lib/db/client';
import { readFromReplica } from '@/lib/db/replica';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Database } from '@/lib/db/client';
import { orders, quoteLines, tools, type Tool } from '@/lib/db/schema';
import { assignedSkuSql } from '@/lib/db/sku';
import { badRequest, conflict, notFound } from '@/lib/errors';
import { getEnv } from '@/lib/env';
import { toCents } from '@/lib/money';
import { imageHosts } from '@/lib/security-headers';
import type { ToolDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { breaksInCents, priceBreakProblems } from '@/lib/validation/price-breaks';
import { SKU_TAKEN } from '@/lib/validation/sku';
import type { ProductInput } from '@/lib/validation/tools';
import { DEFAULT_UNIT } from '@/lib/validation/units';
import { toToolDto } from '@/lib/db/rest-shapes';
import type { TaxRateClass } from '@/lib/tax/rules';

/** Every column but the search document, which stays in the database. */
export const toolColumns = {
  id: tools.id,
  sku: tools.sku,
  name: tools.name,
  about: tools.about,
  priceCents: tools.priceCents,
  quantity: tools.quantity,
  minQuantity: tools.minQuantity,
  image: tools.image,
  priceBreaks: tools.priceBreaks,
  taxRateClass: tools.taxRateClass,
  unitOfMeasure: tools.unitOfMeasure,
  unspsc: tools.unspsc,
  deletedAt: tools.deletedAt,
  createdAt: tools.createdAt,
  updatedAt: tools.updatedAt,
};

const active = isNull(tools.deletedAt);
/** Tools that can be ordered before those that can not (lib/tools/stock.ts), in every listing and sort. */
export const outOfStockLast = sql`(${tools.quantity} < ${tools.minQuantity}) ASC`;
// Newest first, everywhere the catalogue is listed: a product an admin adds is at the top of the API's list, the home
// page and /tools at once, however many tools there are. Name and id settle ties (the seed inserts in one statement).
const catalogueOrder = [outOfStockLast, desc(tools.createdAt), asc(tools.name), asc(tools.id)];

async function readTools(): Promise<ToolDto[]> {
  const rows = await readFromReplica((db) =>
    db
      .select(toolColumns)
      .from(tools)
      .where(active)
      .orderBy(...catalogueOrder),
  );
  return rows.map(toToolDto);
}

/** The catalogue (public): removed tools are left out. */
export const listTools = cachedRead('tools:list', 'tools', readTools);

/** The home page shows the newest tools; all of them are paged at /tools (a page stays small at any size). */
export const HOME_TOOL_COUNT = 16;
export const CATALOGUE_PAGE_SIZE = 24;

export interface ToolPage {
  tools: ToolDto[];
  /** catalogue tools in all */
  total: number;
}

async function readToolPage(offset: number, limit: number): Promise<ToolPage> {
  const [rows, [counted]] = await readFromReplica((db) =>
    Promise.all([
      db
        .select(toolColumns)
        .from(tools)
        .where(active)
        .orderBy(...catalogueOrder)
        .limit(limit)
        .offset(offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(tools)
        .where(active),
    ]),
  );
  return { tools: rows.map(toToolDto), total: counted?.total ?? 0 };
}

/** `limit` catalogue tools from position `offset`, in catalogue order, and how many there are in all. */
export const listToolPage = cachedRead('tools:page', 'tools', readToolPage);

export interface CatalogueSummary {
  /** catalogue tools in all */
  total: number;
  /** ISO time of the newest change to any tool (added, restocked, ordered, removed); null for an empty shop */
  changedAt: string | null;
}

async function readCatalogueSummary(): Promise<CatalogueSummary> {
  const [row] = await readFromReplica((db) =>
    db
      .select({
        total: sql<number>`(count(*) FILTER (WHERE ${tools.deletedAt} IS NULL))::int`,
        changedAt: sql<Date | string | null>`max(${tools.updatedAt})`,
      })
      .from(tools),
  );
  const changedAt = row?.changedAt ? new Date(row.changedAt).toISOString() : null;
  return { total: row?.total ?? 0, changedAt };
}

/** How big the catalogue is and when it last changed (the sitemap's pages and lastmod). */
export const getCatalogueSummary = cachedRead('tools:summary', 'tools', readCatalogueSummary);

/** One catalogue tool, or 404 for unknown, removed or malformed ids. */
export async function getTool(id: string): Promise<ToolDto> {
  if (!idSchema.safeParse(id).success) throw notFound('Tool not found');
  const [tool] = await readFromReplica((db) =>
    db
      .select(toolColumns)
      .from(tools)
      .where(and(eq(tools.id, id), active)),
  );
  if (!tool) throw notFound('Tool not found');
  return toToolDto(tool);
}

const IMAGE_HOST_REFUSED = 'Image must be on one of the image hosts this shop allows';

/** The columns a product form sets, every one of them; SKU and price breaks are added when given. */
const productValues = (input: ProductInput) => {
  const hosts = imageHosts(getEnv().IMAGE_HOSTS);
  if (hosts && /^https?:/i.test(input.image) && !hosts.includes(new URL(input.image).hostname)) {
    throw badRequest(IMAGE_HOST_REFUSED, { image: IMAGE_HOST_REFUSED });
  }
  return {
    name: input.name,
    about: input.about,
    priceCents: toCents(input.price),
    quantity: input.quantity,
    minQuantity: input.min_quantity,
    image: input.image,
  };
};

type ToolRow = Omit<Tool, 'searchVector'>;

/** How an audit entry names a product: its part number and the name it had then. */
const productTarget = (tool: Pick<ToolRow, 'sku' | 'name'>) => `${tool.sku} ${tool.name}`;

/** A product's facts as its audit entries keep them: the API's fields, money in dollars. */
function auditedFields(tool: ToolRow): Record<string, unknown> {
  const fields: Partial<ToolDto> = toToolDto(tool);
  delete fields._id;
  return { ...fields, taxRate: tool.taxRateClass };
}

/**
 * The product form's VAT rate of a tool (admins): kept out of the tool's REST answer, whose fields the contract
 * names. 404 for an unknown tool.
 */
export async function toolTaxRate(actor: Actor | null, id: string): Promise<TaxRateClass> {
  requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Tool not found');
  const [tool] = await getDb()
    .select({ taxRate: tools.taxRateClass })
    .from(tools)
    .where(eq(tools.id, id));
  if (!tool) throw notFound('Tool not found');
  return tool.taxRate;
}

/** The catalogue tool under a row lock for the rest of the transaction; 404 for an unknown or removed one. */
async function lockedTool(tx: Database, id: string): Promise<ToolRow> {
  const [tool] = await tx
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, id), active))
    .for('update');
  if (!tool) throw notFound('Tool not found');
  return tool;
}

/**
 * Runs a write that sets a SKU; the unique index answers a SKU another catalogue tool holds (concurrent writes
 * included) with a 409 on the field. An assigned SKU may meet one an admin typed ("TORQUE-1005"): the sequence's
 * next number is tried then.
 */
async function savingSku<T>(write: () => Promise<T>, assigned: boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (!assigned || attempt === 3) throw conflict(SKU_TAKEN, { sku: SKU_TAKEN });
    }
  }
}

export async function createTool(
  actor: Actor | null,
  input: ProductInput,
): Promise<{ acknowledged: true; insertedId: string }> {
  const admin = requireAdmin(actor);
  const created = await savingSku(
    () =>
      getDb().transaction(async (tx) => {
        const [row] = await tx
          .insert(tools)
          .values({
            ...productValues(input),
            sku: input.sku ?? assignedSkuSql(input.name),
            priceBreaks: breaksInCents(input.priceBreaks ?? []),
            taxRateClass: input.taxRate ?? 'standard',
            unitOfMeasure: input.unitOfMeasure ?? DEFAULT_UNIT,
            unspsc: input.unspsc ?? null,
          })
          .returning(toolColumns);
        await recordAudit(tx, {
          actor: admin,
          action: 'product.create',
          target: productTarget(row!),
          after: auditedFields(row!),
        });
        return row!;
      }),
    input.sku === undefined,
  );
  invalidate('tools');
  return { acknowledged: true, insertedId: created.id };
}

/**
 * Admin restock: sets the stock to newQuantity (the storefront never sends it after an order). `reserve` runs in the
 * same transaction, under the tool's lock, and takes what it reserves from the new stock (the orders module passes
 * its back-order reservation; the catalogue does not know about orders).
 */
export async function restockTool(
  actor: Actor | null,
  id: string,
  newQuantity: number,
  reserve: (tx: Database, toolId: string) => Promise<number> = async () => 0,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Tool not found');
  await getDb().transaction(async (tx) => {
    const before = await lockedTool(tx, id);
    await tx
      .update(tools)
      .set({ quantity: newQuantity, updatedAt: sql`now()` })
      .where(eq(tools.id, id));
    const reserved = await reserve(tx, id);
    await recordAudit(tx, {
      actor: admin,
      action: 'product.restock',
      target: productTarget(before),
      before: { quantity: before.quantity },
      after:
        reserved > 0
          ? { quantity: newQuantity, reservedForBackOrders: reserved }
          : { quantity: newQuantity },
    });
  });
  invalidate('tools');
  return { acknowledged: true, modifiedCount: 1 };
}

/**
 * Admin edit of a product: every field at once, with the add form's rules. A SKU or breaks left out stay as they
 * are; kept breaks must still fit the edited price and minimum order (checked under the row's lock). Orders already
 * placed keep the name, SKU and unit price they were placed at (they store their own copy).
 */
export async function updateTool(
  actor: Actor | null,
  id: string,
  input: ProductInput,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Tool not found');
  const values = productValues(input);
  await savingSku(
    () =>
      getDb().transaction(async (tx) => {
        const before = await lockedTool(tx, id);
        if (!input.priceBreaks) {
          const [problem] = priceBreakProblems(values, before.priceBreaks);
          if (problem)
            throw badRequest(problem.message, {
              [['priceBreaks', ...problem.path].join('.')]: problem.message,
            });
        }
        const [after] = await tx
          .update(tools)
          .set({
            ...values,
            ...(input.sku && { sku: input.sku }),
            ...(input.priceBreaks && { priceBreaks: breaksInCents(input.priceBreaks) }),
            ...(input.taxRate && { taxRateClass: input.taxRate }),
            ...(input.unitOfMeasure && { unitOfMeasure: input.unitOfMeasure }),
            ...(input.unspsc !== undefined && { unspsc: input.unspsc }),
            updatedAt: sql`now()`,
          })
          .where(eq(tools.id, id))
          .returning(toolColumns);
        await recordAudit(tx, {
          actor: admin,
          action: 'product.edit',
          target: productTarget(after!),
          ...changedFields(auditedFields(before), auditedFields(after!)),
        });
      }),
    false,
  );
  invalidate('tools');
  return { acknowledged: true, modifiedCount: 1 };
}

/** Removes a tool from the catalogue; one that has orders or quotes is kept (hidden) so that none loses its product. */
export async function deleteTool(
  actor: Actor | null,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const admin = requireAdmin(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Tool not found');
  const deletedCount = await getDb().transaction(async (tx) => {
    // Locks the tool first: an order placed meanwhile waits, so the check below can not go stale.
    const [tool] = await tx
      .select(toolColumns)
      .from(tools)
      .where(and(eq(tools.id, id), active))
      .for('update');
    if (!tool) return 0;
    // A tool in a quote counts as ordered: the quote's lines keep pointing at it.
    const [ordered] = await tx
      .select({ exists: sql<boolean>`true` })
      .from(orders)
      .where(
        sql`${orders.toolId} = ${id} OR EXISTS (SELECT 1 FROM ${quoteLines} WHERE ${quoteLines.toolId} = ${id})`,
      )
      .limit(1);
    const removed = ordered
      ? await tx
          .update(tools)
          .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(tools.id, id), active))
          .returning({ id: tools.id })
      : await tx
          .delete(tools)
          .where(and(eq(tools.id, id), active))
          .returning({ id: tools.id });
    await recordAudit(tx, {
      actor: admin,
      action: 'product.remove',
      target: productTarget(tool),
      before: auditedFields(tool),
      after: { kept: ordered ? 'hidden, it has orders' : 'deleted' },
    });
    return removed.length;
  });
  if (deletedCount === 0) throw notFound('Tool not found');
  invalidate('tools');
  return { acknowledged: true, deletedCount };
}

/** Names of every catalogue tool, for the review form's picker. */
export async function listToolNames(): Promise<string[]> {
  return (await listTools()).map((tool) => tool.name);
}
