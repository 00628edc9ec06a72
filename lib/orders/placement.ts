import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Credential } from '@/lib/auth/actor';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { unitPriceSql } from '@/lib/db/pricing';
import { mailOutbox, orderEvents, orders, tools, users } from '@/lib/db/schema';
import { badRequest, conflict, unauthorized } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { ordersPlaced } from '@/lib/observability/metrics';
import { requireCredential } from '@/lib/orders/access';
import { ordersChanged } from '@/lib/orders/changes';
import { orderQuantitySchema, type OrderInput } from '@/lib/validation/orders';

/**
 * Places an order for the caller's account. Name, SKU, unit price (the base price or the break the quantity
 * reaches, read from the very row version the stock came from), total, email and userName come from the database,
 * never from the client. One statement reads the account, reserves the stock with a conditional UPDATE and inserts the
 * order from what both returned, so concurrent orders can not oversell, the tool's row stays locked only for that
 * statement, and the busiest write costs one round trip. The same statement queues the order's mail (the outbox),
 * so there is a mail exactly when there is an order. Its WHERE holds every rule orderQuantitySchema checks; when
 * it inserts nothing, it says whether the account was there, and explainRefusedOrder says what else stood in the way.
 * The route handler reads no account before it: this statement is the one account read of a placement.
 */
export async function placeOrder(
  credential: Credential | null,
  input: OrderInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{ acknowledged: true; insertedId: string; number: number }> {
  const caller = requireCredential(credential);
  const [outcome] = await queryRows<{
    id: string | null;
    number: number | null;
    signed_in: boolean;
  }>(
    db,
    sql`
    WITH customer AS (
      SELECT id, email, coalesce(name, email) AS name FROM ${users}
      WHERE id = ${caller.userId} AND session_version = ${caller.sessionVersion} AND disabled_at IS NULL
    ), reserved AS (
      UPDATE ${tools}
      SET quantity = quantity - ${input.quantity}, updated_at = now()
      WHERE id = ${input.toolId} AND deleted_at IS NULL
        AND quantity >= ${input.quantity} AND min_quantity <= ${input.quantity}
        AND EXISTS (SELECT 1 FROM customer)
      RETURNING id, name, sku, quantity, min_quantity,
        ${unitPriceSql(sql`price_cents`, sql`price_breaks`, sql`${input.quantity}::int`)} AS unit_price_cents
    ), placed AS (
      INSERT INTO ${orders} (tool_id, user_id, product_name, sku, unit_price_cents, quantity, total_cents, email,
                             user_name, address, phone)
      SELECT reserved.id, customer.id, reserved.name, reserved.sku, unit_price_cents, ${input.quantity}::int,
             unit_price_cents * ${input.quantity}::int,
             customer.email, customer.name, ${input.address}, ${input.phone}
      FROM reserved, customer
      RETURNING id, number, email, user_name, product_name, quantity, total_cents
    ), mailed AS (
      INSERT INTO ${mailOutbox} (kind, recipient, data)
      SELECT 'order_placed', email, jsonb_build_object(
        'orderId', id, 'number', number, 'name', user_name, 'product', product_name, 'quantity', quantity,
        'totalCents', total_cents, 'link', ${origin}::text || '/dashboard/payment/' || id)
      FROM placed
    ), history AS (
      INSERT INTO ${orderEvents} (order_id, kind, actor) SELECT id, 'placed', 'customer' FROM placed
    ), low_stock AS (
      -- This order is the one that left the tool below its minimum order: every admin hears of it once.
      INSERT INTO ${mailOutbox} (kind, recipient, data)
      SELECT 'low_stock', admins.email, jsonb_build_object(
        'product', reserved.name, 'quantity', reserved.quantity, 'minQuantity', reserved.min_quantity,
        'link', ${origin}::text || '/dashboard/manageproduct/' || reserved.id)
      FROM reserved, ${users} admins
      WHERE admins.role = 'admin' AND reserved.quantity < reserved.min_quantity
        AND reserved.quantity + ${input.quantity} >= reserved.min_quantity
    )
    SELECT (SELECT id FROM placed) AS id, (SELECT number FROM placed) AS number,
           EXISTS (SELECT 1 FROM customer) AS signed_in`,
  );
  if (!outcome?.id || outcome.number === null) {
    // Removed accounts and ended sessions name nobody: a 401 before any word about the order.
    if (!outcome?.signed_in) throw unauthorized();
    return explainRefusedOrder(input, db);
  }
  ordersChanged();
  ordersPlaced.inc();
  return { acknowledged: true, insertedId: outcome.id, number: outcome.number };
}

/** Why an order was not placed: a 400 with the field's message, or 409 when its stock went to another order. */
async function explainRefusedOrder(input: OrderInput, db: Database): Promise<never> {
  const [tool] = await db
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
