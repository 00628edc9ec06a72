import { count, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { lineProblem } from '@/lib/cart/problems';
import type { CartContents } from '@/lib/cart/account-cart';
import { cartStoreOf, type Shopper } from '@/lib/cart/store';
import { getDb, type Database } from '@/lib/db/client';
import { cartLines, tools } from '@/lib/db/schema';
import { badRequest, notFound } from '@/lib/errors';
import { termsForTool, type CompanyPriceList } from '@/lib/db/company-pricing';
import { toDollars } from '@/lib/money';
import { treatmentFor } from '@/lib/tax/buyer';
import { lineTaxCents } from '@/lib/tax/rounding';
import type { TaxRateClass } from '@/lib/tax/rules';
import { taxSummary } from '@/lib/tax/summary';
import { savingsCents, unitPriceCents } from '@/lib/tools/pricing';
import type { CartDto, CartLineDto } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { orderQuantitySchema } from '@/lib/validation/orders';

type CartRow = CartContents['rows'][number];

interface PricedLine {
  line: CartLineDto;
  totalCents: number;
  savingsCents: number;
  rateClass: TaxRateClass;
}

function priceLine({ quantity, tool }: CartRow, list: CompanyPriceList | null): PricedLine {
  const terms = termsForTool(list, tool.id);
  const unitCents = unitPriceCents(tool.priceCents, tool.priceBreaks, quantity, terms);
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
    savingsCents: savingsCents(tool.priceCents, tool.priceBreaks, quantity, terms),
    rateClass: tool.taxRateClass,
  };
}

/**
 * The caller's cart (the account's, or a guest's) at today's prices: every line priced at the break its quantity
 * reaches (a company's member: at the company's prices where lower, read now, so a changed list shows at once), and
 * what is wrong.
 */
export async function readCart(shopper: Shopper | null): Promise<CartDto> {
  const { rows, priceList, billed } = await cartStoreOf(shopper).contents(getDb());
  const priced = rows.map((row) => priceLine(row, priceList));
  // A line that can not be ordered is left out of the sums: they say what checking out would cost now.
  const orderable = priced.filter(({ line }) => !line.problem);
  // The VAT checking out would add, by the same rules and rounding as the placement (lib/orders/placement.ts).
  const { treatment, rates } = treatmentFor(billed);
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
 * cart's 100 lines. Runs under the cart's lock, so two tabs adding lines at once can not pass the cap.
 */
export async function setCartLine(
  shopper: Shopper | null,
  toolId: string,
  quantity: number,
): Promise<CartDto> {
  const store = cartStoreOf(shopper);
  if (quantity === 0) return removeCartLine(shopper, toolId);
  await getDb().transaction(async (tx) => {
    const tool = await findSellableTool(tx, toolId);
    assertOrderable(tool, quantity);
    await store.lockForWrite(tx);
    await store.upsert(tx, [{ toolId: tool.id, quantity }]);
  });
  return readCart(shopper);
}

export async function removeCartLine(shopper: Shopper | null, toolId: string): Promise<CartDto> {
  const store = cartStoreOf(shopper);
  if (idSchema.safeParse(toolId).success) await store.remove(getDb(), toolId);
  return readCart(shopper);
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
