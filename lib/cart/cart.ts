import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { lineProblem } from '@/lib/cart/problems';
import { getDb, type Database } from '@/lib/db/client';
import { cartLines, tools } from '@/lib/db/schema';
import { badRequest, conflict, notFound } from '@/lib/errors';
import { billedPartyOf } from '@/lib/db/billed-party';
import { toDollars } from '@/lib/money';
import { treatmentFor } from '@/lib/tax/buyer';
import { lineTaxCents } from '@/lib/tax/rounding';
import type { TaxRateClass } from '@/lib/tax/rules';
import { taxSummary } from '@/lib/tax/summary';
import { savingsCents, unitPriceCents } from '@/lib/tools/pricing';
import type { CartDto, CartLineDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { orderQuantitySchema } from '@/lib/validation/orders';
import { MAX_CART_LINES } from '@/lib/validation/cart';

export const CART_FULL = `A cart holds at most ${MAX_CART_LINES} lines`;

/** The caller's cart lines with their tools as they are today, oldest line first. */
export function cartRows(db: Database, userId: string) {
  return db
    .select({ quantity: cartLines.quantity, tool: tools })
    .from(cartLines)
    .innerJoin(tools, eq(tools.id, cartLines.toolId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.toolId));
}

type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

interface PricedLine {
  line: CartLineDto;
  totalCents: number;
  savingsCents: number;
  rateClass: TaxRateClass;
}

function priceLine({ quantity, tool }: CartRow): PricedLine {
  const unitCents = unitPriceCents(tool.priceCents, tool.priceBreaks, quantity);
  const problem = lineProblem(tool, quantity);
  return {
    line: {
      toolId: tool.id,
      name: tool.name,
      sku: tool.sku,
      image: tool.image,
      quantity,
      unitPrice: toDollars(unitCents),
      lineTotal: toDollars(unitCents * quantity),
      minQuantity: tool.minQuantity,
      available: tool.quantity,
      ...(problem && { problem }),
    },
    totalCents: unitCents * quantity,
    savingsCents: savingsCents(tool.priceCents, tool.priceBreaks, quantity),
    rateClass: tool.taxRateClass,
  };
}

/** The caller's cart at today's prices: every line priced at the break its quantity reaches, and what is wrong. */
export async function readCart(actor: Actor | null, db: Database = getDb()): Promise<CartDto> {
  const { userId } = requireSignedIn(actor);
  const priced = (await cartRows(db, userId)).map(priceLine);
  // A line that can not be ordered is left out of the sums: they say what checking out would cost now.
  const orderable = priced.filter(({ line }) => !line.problem);
  // The VAT checking out would add, by the same rules and rounding as the placement (lib/orders/placement.ts).
  const { treatment, rates } = treatmentFor(await billedPartyOf(db, userId));
  const taxed = orderable.map((line) => ({
    category: treatment.category,
    rateBasisPoints: rates[line.rateClass],
    netCents: line.totalCents,
    taxCents: lineTaxCents(line.totalCents, rates[line.rateClass]),
  }));
  return {
    lines: priced.map(({ line }) => line),
    subtotal: toDollars(orderable.reduce((sum, line) => sum + line.totalCents, 0)),
    savings: toDollars(orderable.reduce((sum, line) => sum + line.savingsCents, 0)),
    tax: taxSummary(taxed, treatment.note),
  };
}

/** How many lines the caller's cart holds (the navbar's badge). */
export async function countCartLines(actor: Actor): Promise<number> {
  const [row] = await getDb()
    .select({ lines: count() })
    .from(cartLines)
    .where(eq(cartLines.userId, actor.userId));
  return row?.lines ?? 0;
}

/** A tool that can be put in a cart: in the catalogue (not removed). */
async function findSellableTool(db: Database, toolId: string) {
  if (!idSchema.safeParse(toolId).success) throw notFound('Tool not found');
  const [tool] = await db.select().from(tools).where(eq(tools.id, toolId));
  if (!tool || tool.deletedAt) throw notFound('Tool not found');
  return tool;
}

/** The order form's quantity rules for this tool: a 400 with the field's message. */
function assertOrderable(tool: { minQuantity: number; quantity: number }, quantity: number): void {
  const check = orderQuantitySchema({
    minQuantity: tool.minQuantity,
    quantity: tool.quantity,
  }).safeParse(quantity);
  if (!check.success) {
    const message = check.error.issues[0]?.message ?? 'Invalid quantity';
    throw badRequest(message, { quantity: message });
  }
}

/**
 * Sets a line of the caller's cart to `quantity` pieces (0 removes it), within the tool's limits today and the
 * cart's 100 lines. Runs under the account's lock, so two tabs adding lines at once can not pass the cap.
 */
export async function setCartLine(
  actor: Actor | null,
  toolId: string,
  quantity: number,
): Promise<CartDto> {
  const { userId } = requireSignedIn(actor);
  if (quantity === 0) return removeCartLine(actor, toolId);
  await getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const tool = await findSellableTool(tx, toolId);
    assertOrderable(tool, quantity);
    await upsertLines(tx, userId, [{ toolId: tool.id, quantity }]);
  });
  return readCart(actor);
}

/** Writes lines (new or changed), refusing with 409 what would take the cart past its cap. */
export async function upsertLines(
  tx: Database,
  userId: string,
  lines: readonly { toolId: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(cartLines)
    .values(lines.map((line) => ({ userId, ...line })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: { quantity: sql`excluded.quantity` },
    });
  const [row] = await tx
    .select({ lines: count() })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  // Under the account's lock nobody else adds lines: over the cap means these lines did it, and they roll back.
  if ((row?.lines ?? 0) > MAX_CART_LINES) throw conflict(CART_FULL);
}

export async function removeCartLine(actor: Actor | null, toolId: string): Promise<CartDto> {
  const { userId } = requireSignedIn(actor);
  if (idSchema.safeParse(toolId).success) {
    await getDb()
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
  }
  return readCart(actor);
}

/**
 * Empties the account's cart in the caller's transaction and answers what it held: a checkout places exactly the
 * lines it took, and a refused checkout rolls back, cart and all. The caller holds the account's lock.
 */
export async function takeCart(
  tx: Database,
  userId: string,
): Promise<{ toolId: string; quantity: number }[]> {
  return tx
    .delete(cartLines)
    .where(eq(cartLines.userId, userId))
    .returning({ toolId: cartLines.toolId, quantity: cartLines.quantity });
}
