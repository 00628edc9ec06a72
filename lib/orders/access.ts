import { asc, eq } from 'drizzle-orm';
import { isAdmin, requireAdmin, requireSignedIn } from '@/lib/auth/guards';
import type { Actor, Credential } from '@/lib/auth/actor';
import { getDb, type Database } from '@/lib/db/client';
import { readsCompanyDocuments } from '@/lib/db/company-membership';
import { checkouts, orders, type Checkout, type Order } from '@/lib/db/schema';
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
const NOT_YOURS_TO_PAY = 'Only the buyer can pay this order';

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

/**
 * An order document with its lines, for its owner, its company's members (read-only) or an admin. Unknown ids and someone else's order are the same
 * 404, as quotes and invoices answer: nothing confirms that another customer's order exists. (The REST contract's
 * own routes, which name a line, keep their 403: findOrderFor.)
 */
export async function findCheckoutFor(
  actor: Actor | null,
  id: string,
  db: Database = getDb(),
): Promise<{ checkout: Checkout; orders: Order[] }> {
  const current = requireSignedIn(actor);
  if (!idSchema.safeParse(id).success) throw notFound('Checkout not found');
  const [found] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  const checkout = await requireReadableCheckout(current, found, db);
  const lines = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, id))
    .orderBy(asc(orders.number));
  return { checkout, orders: lines };
}

/** Its buyer, whoever reads the company's documents, or an admin; anyone else is told it does not exist (404). */
export async function requireReadableCheckout(
  reader: Actor,
  checkout: Checkout | null | undefined,
  db: Database,
): Promise<Checkout> {
  const readable =
    checkout &&
    (checkout.userId === reader.userId ||
      (await readsCompanyDocuments(db, reader.userId, checkout.companyId)) ||
      isAdmin(reader));
  if (!readable) throw notFound('Checkout not found');
  return checkout;
}

/** The owner's checkout (payments): an admin may look at it but not pay it. */
export async function getOwnCheckout(actor: Actor | null, id: string, db: Database = getDb()) {
  const current = requireSignedIn(actor);
  const found = await findCheckoutFor(current, id, db);
  if (found.checkout.userId !== current.userId) throw forbidden(NOT_YOURS_TO_PAY);
  return found;
}
