import { and, inArray, isNull } from 'drizzle-orm';
import { readQuantity } from '@/lib/cart/paste';
import { lineProblem } from '@/lib/cart/problems';
import { CART_FULL, cartStoreOf, type Shopper } from '@/lib/cart/store';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import type { CartLineProblem } from '@/lib/types';
import type { CartLinesInput } from '@/lib/validation/cart';
import { MAX_CART_LINES } from '@/lib/validation/cart';
import { QUANTITY_MESSAGES } from '@/lib/validation/quantity';

type Tool = typeof tools.$inferSelect;

/** Why one quick-order line is refused, given what the cart will hold of its tool with it; undefined when it fits. */
function refusal(tool: Tool | undefined, quantity: number | null, inCart: number) {
  if (!tool) return 'Unknown SKU';
  if (quantity === null) return 'Quantity is not a number';
  if (!Number.isInteger(quantity)) return QUANTITY_MESSAGES.whole;
  if (quantity < 1) return QUANTITY_MESSAGES.belowMinimum;
  return lineProblem(tool, inCart + quantity);
}

/**
 * Quick order: puts each line's pieces in the caller's cart, adding to a line the cart already has. Every line is
 * judged on its own against the tool's limits (with what the cart already holds of it); the refused ones come back
 * with their position in `lines` (1-based) and the reason, and the rest go in, all under the cart's lock.
 */
export async function addCartLines(
  shopper: Shopper | null,
  input: CartLinesInput,
): Promise<{ added: number; problems: CartLineProblem[] }> {
  const store = cartStoreOf(shopper);
  const skus = [
    ...new Set(input.lines.map((line) => line.sku.trim().toUpperCase()).filter(Boolean)),
  ];
  return getDb().transaction(async (tx) => {
    await store.lockForWrite(tx);
    const found = skus.length
      ? await tx
          .select()
          .from(tools)
          .where(and(inArray(tools.sku, skus), isNull(tools.deletedAt)))
      : [];
    const bySku = new Map(found.map((tool) => [tool.sku, tool]));
    const current = await store.lines(tx);
    const cart = new Map(current.map((line) => [line.toolId, line.quantity]));
    const changed = new Map<string, number>();
    const problems: CartLineProblem[] = [];
    let added = 0;
    input.lines.forEach((line, index) => {
      const sku = line.sku.trim().toUpperCase();
      const tool = bySku.get(sku);
      const quantity = readQuantity(line.quantity);
      const inCart = tool ? (cart.get(tool.id) ?? 0) : 0;
      const reason = !sku
        ? 'SKU is missing'
        : (refusal(tool, quantity, inCart) ??
          (!cart.has(tool!.id) && cart.size >= MAX_CART_LINES ? CART_FULL : undefined));
      if (reason) {
        // Named by its SKU: the buyer's box keeps only the refused lines, so a line number would soon be stale.
        problems.push({
          line: index + 1,
          ...(sku && { sku }),
          message: sku ? `${sku}: ${reason}` : reason,
        });
        return;
      }
      cart.set(tool!.id, inCart + quantity!);
      changed.set(tool!.id, inCart + quantity!);
      added++;
    });
    await store.upsert(
      tx,
      [...changed].map(([toolId, quantity]) => ({ toolId, quantity })),
    );
    return { added, problems };
  });
}
