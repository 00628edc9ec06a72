import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { CART_FULL, upsertLines } from '@/lib/cart/store';
import { lineProblem } from '@/lib/cart/problems';
import { getDb } from '@/lib/db/client';
import { cartLines, orders, tools } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { CartLineProblem } from '@/lib/types';
import type { OrderAgainInput } from '@/lib/validation/cart';
import { MAX_CART_LINES } from '@/lib/validation/cart';

/**
 * "Order again": the same tools and quantities as one of the caller's orders (or every order of one checkout) go in
 * the cart, each line set to the order's quantity at today's prices and limits. A line that no longer fits (tool
 * removed, not enough stock, a higher minimum) stays out and says why.
 */
export async function orderAgain(
  actor: Actor | null,
  input: OrderAgainInput,
): Promise<{ added: number; problems: (CartLineProblem & { name: string })[] }> {
  const { userId } = requireSignedIn(actor);
  const which =
    'orderId' in input ? eq(orders.id, input.orderId) : eq(orders.checkoutId, input.checkoutId);
  return getDb().transaction(async (tx) => {
    await lockAccount(tx, userId);
    const placed = await tx
      .select({ toolId: orders.toolId, quantity: orders.quantity, name: orders.productName })
      .from(orders)
      .where(and(which, eq(orders.userId, userId)));
    if (placed.length === 0) throw notFound('Order not found');
    const today = await tx
      .select()
      .from(tools)
      .where(
        inArray(
          tools.id,
          placed.map((line) => line.toolId),
        ),
      );
    const byId = new Map(today.map((tool) => [tool.id, tool]));
    const current = await tx
      .select({ toolId: cartLines.toolId })
      .from(cartLines)
      .where(eq(cartLines.userId, userId));
    const inCart = new Set(current.map((line) => line.toolId));
    const problems: (CartLineProblem & { name: string })[] = [];
    const lines: { toolId: string; quantity: number }[] = [];
    for (const line of placed) {
      const message =
        lineProblem(byId.get(line.toolId), line.quantity) ??
        (!inCart.has(line.toolId) && inCart.size >= MAX_CART_LINES ? CART_FULL : undefined);
      if (message) problems.push({ toolId: line.toolId, name: line.name, message });
      else {
        inCart.add(line.toolId);
        lines.push({ toolId: line.toolId, quantity: line.quantity });
      }
    }
    await upsertLines(tx, userId, lines);
    return { added: lines.length, problems };
  });
}
