import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { orders, tools } from '@/lib/db/schema';

/**
 * Gives a tool's stock to its back-ordered lines, oldest first, in the caller's transaction (the one that raised the
 * stock, which holds the tool's row lock, so placements and other restocks wait). The pieces leave the stock and the
 * lines become shippable. Answers how many pieces were reserved.
 */
export async function reserveBackOrders(tx: Database, toolId: string): Promise<number> {
  const [tool] = await tx
    .select({ quantity: tools.quantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  let stock = tool?.quantity ?? 0;
  if (stock <= 0) return 0;
  const waiting = await tx
    .select({ id: orders.id, backOrdered: orders.backOrdered })
    .from(orders)
    .where(and(eq(orders.toolId, toolId), gt(orders.backOrdered, 0)))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .for('update');
  let reserved = 0;
  for (const line of waiting) {
    if (stock === 0) break;
    const take = Math.min(stock, line.backOrdered);
    await tx
      .update(orders)
      .set({ backOrdered: sql`${orders.backOrdered} - ${take}` })
      .where(eq(orders.id, line.id));
    stock -= take;
    reserved += take;
  }
  if (reserved > 0)
    await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} - ${reserved}` })
      .where(eq(tools.id, toolId));
  return reserved;
}
