import { and, asc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { lineProblem } from '@/lib/cart/problems';
import { getDb, type Database } from '@/lib/db/client';
import { companyPriceListOf, termsForTool } from '@/lib/db/company-pricing';
import { punchoutSessions, tools, type PunchoutSession } from '@/lib/db/schema';
import { badRequest, conflict } from '@/lib/errors';
import { unitPriceCents } from '@/lib/tools/pricing';
import { punchoutCartLineSchema } from '@/lib/validation/punchout';

// A punch-out session's catalogue and cart, priced as the company buys: the lowest of the catalogue's break, the
// company's list and its discount (lib/tools/pricing.ts), read on every request.

/** A requisition stays one screen: SAP and Ariba both cap a cart's lines well above what a buyer sends at once. */
export const MAX_CART_LINES = 100;
const CATALOGUE_PAGE = 60;

const toolColumns = {
  id: tools.id,
  sku: tools.sku,
  name: tools.name,
  priceCents: tools.priceCents,
  priceBreaks: tools.priceBreaks,
  quantity: tools.quantity,
  minQuantity: tools.minQuantity,
  unitOfMeasure: tools.unitOfMeasure,
  unspsc: tools.unspsc,
  deletedAt: tools.deletedAt,
};

export interface PricedLine {
  toolId: string;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  unitOfMeasure: string;
  unspsc: string | null;
  /** why the line can not be ordered as it stands (stock, minimum), or undefined */
  problem?: string;
}

export interface PunchoutCatalogueTool {
  toolId: string;
  sku: string;
  name: string;
  stock: number;
  minQuantity: number;
  unitOfMeasure: string;
  /** at its minimum order */
  unitPriceCents: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The tools on sale, by name, or those whose name or SKU holds `q`, each at the company's price for its minimum. */
export async function punchoutCatalogue(
  db: Database,
  session: PunchoutSession,
  q: string,
): Promise<PunchoutCatalogueTool[]> {
  const text = escapeLike(q.trim().slice(0, 100));
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(
      and(
        isNull(tools.deletedAt),
        text ? or(ilike(tools.name, `%${text}%`), ilike(tools.sku, `%${text}%`)) : undefined,
      ),
    )
    .orderBy(asc(tools.name), asc(tools.id))
    .limit(CATALOGUE_PAGE);
  const list = await companyPriceListOf(
    db,
    session.buyerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    toolId: row.id,
    sku: row.sku,
    name: row.name,
    stock: row.quantity,
    minQuantity: row.minQuantity,
    unitOfMeasure: row.unitOfMeasure,
    unitPriceCents: unitPriceCents(
      row.priceCents,
      row.priceBreaks,
      row.minQuantity,
      termsForTool(list, row.id),
    ),
  }));
}

/** The session's cart, each line priced at its quantity for the company, in the order lines were added. */
export async function pricedCart(db: Database, session: PunchoutSession): Promise<PricedLine[]> {
  if (session.cart.length === 0) return [];
  const ids = session.cart.map((line) => line.toolId);
  const rows = await db.select(toolColumns).from(tools).where(inArray(tools.id, ids));
  const list = await companyPriceListOf(db, session.buyerId, ids);
  return session.cart.flatMap((line) => {
    const tool = rows.find((row) => row.id === line.toolId);
    if (!tool) return [];
    return [
      {
        toolId: tool.id,
        sku: tool.sku,
        name: tool.name,
        quantity: line.quantity,
        unitPriceCents: unitPriceCents(
          tool.priceCents,
          tool.priceBreaks,
          line.quantity,
          termsForTool(list, tool.id),
        ),
        unitOfMeasure: tool.unitOfMeasure,
        unspsc: tool.unspsc,
        problem: lineProblem(tool, line.quantity),
      },
    ];
  });
}

/**
 * Adds a tool, sets its quantity, or (0) takes it out, under the session's row lock so two tabs' edits take turns.
 * A quantity the order form would refuse (below the minimum, above the stock) is refused in its words.
 */
export async function setCartLine(
  session: PunchoutSession,
  input: unknown,
  mode: 'add' | 'set',
  db: Database = getDb(),
): Promise<void> {
  const parsed = punchoutCartLineSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'The line is not valid';
    throw badRequest(message, { quantity: message });
  }
  const { toolId, quantity } = parsed.data;
  if (session.operation === 'inspect')
    throw conflict('This cart is open for viewing only: change it in your procurement system');
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ cart: punchoutSessions.cart })
      .from(punchoutSessions)
      .where(eq(punchoutSessions.id, session.id))
      .for('update');
    const cart = locked?.cart ?? [];
    const current = cart.find((line) => line.toolId === toolId)?.quantity ?? 0;
    const wanted = mode === 'add' ? current + quantity : quantity;
    const others = cart.filter((line) => line.toolId !== toolId);
    if (wanted > 0) {
      const [tool] = await tx.select(toolColumns).from(tools).where(eq(tools.id, toolId));
      const problem = lineProblem(tool, wanted);
      if (problem) throw badRequest(problem, { quantity: problem });
      if (current === 0 && others.length >= MAX_CART_LINES)
        throw conflict(`A punch-out cart holds at most ${MAX_CART_LINES} lines`);
    }
    const next =
      wanted > 0
        ? current > 0
          ? cart.map((line) => (line.toolId === toolId ? { toolId, quantity: wanted } : line))
          : [...cart, { toolId, quantity: wanted }]
        : others;
    await tx
      .update(punchoutSessions)
      .set({ cart: next })
      .where(eq(punchoutSessions.id, session.id));
  });
}
