import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { lockAccount } from '@/lib/cart/account-lock';
import { lineProblem } from '@/lib/cart/problems';
import { CART_FULL, upsertLines } from '@/lib/cart/store';
import { getDb } from '@/lib/db/client';
import { cartLines, guestCartLines, guestCarts, tools } from '@/lib/db/schema';
import { formatPieces } from '@/lib/format';
import type { CartMergeDto, CartMergeLine } from '@/lib/types';
import { MAX_CART_LINES } from '@/lib/validation/cart';
import { QUANTITY_MESSAGES } from '@/lib/validation/quantity';

/**
 * Merges the cart filled before signing in into the account's cart, once: each guest line is added to the account's
 * line of the same tool (quantities summed), lowered to the stock when the sum passes it, and left out when the tool
 * can not be ordered (removed, out of stock, below its minimum) or the cart is full. The guest cart is gone after.
 *
 * Two sign-ins at once (two tabs) run one after the other on the account's lock, and the guest cart's row lock
 * keeps a guest write or another account from touching it meanwhile: the first merges it, the second finds nothing
 * (null). An expired or empty guest cart merges nothing either.
 */
export async function mergeGuestCart(
  actor: Actor,
  guestCartId: string,
): Promise<CartMergeDto | null> {
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, actor.userId);
    const [cart] = await tx
      .select({ live: sql<boolean>`${guestCarts.expiresAt} > now()` })
      .from(guestCarts)
      .where(eq(guestCarts.id, guestCartId))
      .for('update');
    if (!cart) return null;
    const guestLines = await tx
      .select({ quantity: guestCartLines.quantity, tool: tools })
      .from(guestCartLines)
      .innerJoin(tools, eq(tools.id, guestCartLines.toolId))
      .where(eq(guestCartLines.guestCartId, guestCartId))
      .orderBy(asc(guestCartLines.createdAt), asc(guestCartLines.toolId));
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
    if (!cart.live || guestLines.length === 0) return null;

    const current = await tx
      .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.userId, actor.userId));
    const held = new Map(current.map((line) => [line.toolId, line.quantity]));
    const report: CartMergeDto = { added: [], capped: [], refused: [] };
    const changes: { toolId: string; quantity: number }[] = [];
    for (const { quantity, tool } of guestLines) {
      const named: Omit<CartMergeLine, 'quantity'> = {
        toolId: tool.id,
        sku: tool.sku,
        name: tool.name,
      };
      const inCart = held.get(tool.id) ?? 0;
      const wanted = inCart + quantity;
      const fits = Math.min(wanted, tool.quantity);
      const problem =
        lineProblem(tool, fits) ?? (fits <= inCart ? lineProblem(tool, wanted) : undefined);
      const full = !held.has(tool.id) && held.size >= MAX_CART_LINES;
      if (problem || full) {
        report.refused.push({ ...named, quantity, message: problem ?? CART_FULL });
        continue;
      }
      held.set(tool.id, fits);
      changes.push({ toolId: tool.id, quantity: fits });
      if (fits < wanted) {
        report.capped.push({
          ...named,
          quantity: fits,
          message: `${QUANTITY_MESSAGES.aboveStock} (${formatPieces(tool.quantity)} left)`,
        });
      } else report.added.push({ ...named, quantity: fits });
    }
    await upsertLines(tx, actor.userId, changes);
    return report;
  });
}
