import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isAdmin, type Actor } from '@/lib/auth/actor';
import { invalidate } from '@/lib/cache';
import { getDb, queryRows } from '@/lib/db/client';
import { orders, tools, type Order } from '@/lib/db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '@/lib/errors';
import { toDollars } from '@/lib/money';
import type { OrderDto } from '@/lib/types';
import { idSchema, orderQuantitySchema, type OrderInput } from '@/lib/validation';

export function toOrderDto(order: Order): OrderDto {
  return {
    _id: order.id,
    toolId: order.toolId,
    name: order.productName,
    price: toDollars(order.unitPriceCents),
    quantity: order.quantity,
    total: toDollars(order.totalCents),
    email: order.email,
    userName: order.userName,
    address: order.address,
    phone: order.phone,
    paid: order.paid,
    transactionId: order.transactionId,
    shipped: order.shipped,
    createdAt: order.createdAt.toISOString(),
  };
}

function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/**
 * Places an order. Name, prices, total, email and userName come from the database and the session, never from the
 * client. One statement reserves the stock with a conditional UPDATE and inserts the order from what it returned, so
 * concurrent orders can not oversell, and the tool's row stays locked only for that statement. Its WHERE holds every
 * rule orderQuantitySchema checks; when it inserts nothing, explainRefusedOrder says why.
 */
export async function placeOrder(
  actor: Actor | null,
  input: OrderInput,
): Promise<{ acknowledged: true; insertedId: string }> {
  const customer = requireActor(actor);
  const db = getDb();
  const [inserted] = await queryRows<{ id: string }>(
    db,
    sql`
    WITH reserved AS (
      UPDATE ${tools}
      SET quantity = quantity - ${input.quantity}
      WHERE id = ${input.toolId} AND deleted_at IS NULL
        AND quantity >= ${input.quantity} AND min_quantity <= ${input.quantity}
      RETURNING id, name, price_cents
    )
    INSERT INTO ${orders} (tool_id, user_id, product_name, unit_price_cents, quantity, total_cents, email,
                           user_name, address, phone)
    SELECT id, ${customer.userId}::uuid, name, price_cents, ${input.quantity}::int,
           price_cents * ${input.quantity}::int,
           ${customer.email}, ${customer.name}, ${input.address}, ${input.phone}
    FROM reserved
    RETURNING id`,
  );
  if (!inserted) return explainRefusedOrder(input);
  ordersChanged();
  return { acknowledged: true, insertedId: inserted.id };
}

/** Why an order was not placed: a 400 with the field's message, or 409 when its stock went to another order. */
async function explainRefusedOrder(input: OrderInput): Promise<never> {
  const [tool] = await getDb()
    .select({ minQuantity: tools.minQuantity, quantity: tools.quantity })
    .from(tools)
    .where(and(eq(tools.id, input.toolId), isNull(tools.deletedAt)));
  if (!tool) throw badRequest('Choose an existing tool', { toolId: 'Choose an existing tool' });
  const quantityCheck = orderQuantitySchema({
    min_quantity: tool.minQuantity,
    quantity: tool.quantity,
  }).safeParse(input.quantity);
  if (!quantityCheck.success) {
    const message = quantityCheck.error.issues[0]?.message ?? 'Invalid quantity';
    throw badRequest(message, { quantity: message });
  }
  throw conflict('Not enough stock left for this order');
}

/** A user's own orders, newest first; an admin may read anyone's. */
export async function listOrdersForEmail(actor: Actor | null, email: string): Promise<OrderDto[]> {
  const current = requireActor(actor);
  const owner = email.toLowerCase();
  if (current.email !== owner && !isAdmin(current)) throw forbidden();
  const rows = await getDb()
    .select()
    .from(orders)
    .where(eq(orders.email, owner))
    .orderBy(desc(orders.createdAt));
  return rows.map(toOrderDto);
}

// Counting every order is the one part of the admin list that grows with the table (≈ 10 ms at 100,000 orders),
// while each page is an index read. The count is kept for a few seconds and dropped by every order placed or
// cancelled here; another instance's orders show in it after at most this long.
const ORDER_COUNT_TTL_MS = 5_000;
let orderCount: { total: number; countedAt: number } | undefined;
// Bumped by every write, so that a count that was running while an order came in is not kept.
let orderWrites = 0;

async function countOrders(): Promise<number> {
  if (orderCount && Date.now() - orderCount.countedAt < ORDER_COUNT_TTL_MS) return orderCount.total;
  const writesBefore = orderWrites;
  const countedAt = Date.now();
  const [count] = await getDb()
    .select({ total: sql<number>`count(*)::int` })
    .from(orders);
  const total = count?.total ?? 0;
  if (orderWrites === writesBefore) orderCount = { total, countedAt };
  return total;
}

function ordersChanged(): void {
  orderWrites += 1;
  orderCount = undefined;
  invalidate('tools');
}

/** Every order for the admin table, newest first, one page at a time. */
export async function listAllOrders(
  actor: Actor | null,
  page: { page: number; limit: number },
): Promise<{ orders: OrderDto[]; total: number }> {
  if (!isAdmin(requireActor(actor))) throw forbidden();
  const [rows, total] = await Promise.all([
    getDb()
      .select()
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    countOrders(),
  ]);
  return { orders: rows.map(toOrderDto), total };
}

async function findOrderFor(actor: Actor | null, id: string): Promise<Order> {
  const current = requireActor(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Order not found');
  const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
  // Someone else's order answers 404 like a missing one: ids of other customers' orders are not confirmed.
  if (
    !order ||
    (order.userId !== current.userId && order.email !== current.email && !isAdmin(current))
  ) {
    throw notFound('Order not found');
  }
  return order;
}

export async function getOrder(actor: Actor | null, id: string): Promise<OrderDto> {
  return toOrderDto(await findOrderFor(actor, id));
}

/** Cancels an unpaid order and puts its pieces back in stock, both in one transaction. */
export async function cancelOrder(
  actor: Actor | null,
  id: string,
): Promise<{ acknowledged: true; deletedCount: number }> {
  const order = await findOrderFor(actor, id);
  if (order.paid) throw conflict('A paid order can not be cancelled');
  const deletedCount = await getDb().transaction(async (tx) => {
    const [removed] = await tx
      .delete(orders)
      .where(and(eq(orders.id, order.id), eq(orders.paid, false)))
      .returning({ toolId: orders.toolId, quantity: orders.quantity });
    if (!removed) throw conflict('A paid order can not be cancelled');
    await tx
      .update(tools)
      .set({ quantity: sql`${tools.quantity} + ${removed.quantity}` })
      .where(eq(tools.id, removed.toolId));
    return 1;
  });
  ordersChanged();
  return { acknowledged: true, deletedCount };
}

export async function markShipped(
  actor: Actor | null,
  id: string,
): Promise<{ acknowledged: true; modifiedCount: number }> {
  if (!isAdmin(requireActor(actor))) throw forbidden();
  const order = await findOrderFor(actor, id);
  if (!order.paid) throw conflict('Only a paid order can be shipped');
  const updated = await getDb()
    .update(orders)
    .set({ shipped: true })
    .where(and(eq(orders.id, order.id), eq(orders.paid, true), eq(orders.shipped, false)))
    .returning({ id: orders.id });
  return { acknowledged: true, modifiedCount: updated.length };
}

/** The owner's order (payments check the amount and the paid flag against it). */
export async function getOwnOrder(actor: Actor | null, id: string): Promise<Order> {
  const current = requireActor(actor);
  const order = await findOrderFor(current, id);
  if (order.userId !== current.userId && order.email !== current.email)
    throw notFound('Order not found');
  return order;
}
