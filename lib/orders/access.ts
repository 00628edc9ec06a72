import { eq } from 'drizzle-orm';
import { requireAdmin, requireSignedIn } from '@/lib/auth/guards';
import type { Actor, Credential } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { orders, type Order } from '@/lib/db/schema';
import { forbidden, notFound, unauthorized } from '@/lib/errors';
import { idSchema } from '@/lib/validation/fields';

/** A credential that can name an account at all; anything else is a 401 without a query. */
export function requireCredential(credential: Credential | null): Credential {
  if (!credential || !idSchema.safeParse(credential.userId).success) throw unauthorized();
  return credential;
}

// By account, never by email address: see listOrdersForEmail.
const ownsOrder = (actor: Actor, order: Order) => order.userId === actor.userId;

const NOT_YOUR_ORDER = 'This order belongs to another customer';

/**
 * An order its owner or an admin may see: unknown ids are a 404, someone else's order a 403 (docs/PRODUCT.md, The REST
 * contract).
 */
export async function findOrderFor(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<Order> {
  const current = requireSignedIn(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Order not found');
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound('Order not found');
  if (!ownsOrder(current, order)) requireAdmin(current, NOT_YOUR_ORDER);
  return order;
}

/** The owner's order (payments check the amount and the paid flag against it). */
export async function getOwnOrder(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<Order> {
  const current = requireSignedIn(actor);
  const order = await findOrderFor(current, id, db);
  if (!ownsOrder(current, order)) throw forbidden(NOT_YOUR_ORDER);
  return order;
}
