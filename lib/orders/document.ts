import { asc, eq, sql } from 'drizzle-orm';
import type { Actor, Credential } from '@/lib/auth/actor';
import { actorFromIdentity } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { checkouts, orders, users, type Checkout, type Order, type Payment } from '@/lib/db/schema';
import { getDb, type Database } from '@/lib/db/client';
import { callerAtCredentialVersion } from '@/lib/db/users';
import { preparedPerDatabase } from '@/lib/db/prepared-statements';
import { unauthorized } from '@/lib/errors';
import { toDollars } from '@/lib/money';
import { findCheckoutFor, requireCredential, requireReadableCheckout } from '@/lib/orders/access';
import { idSchema } from '@/lib/validation/fields';
import { toOrderDto } from '@/lib/db/rest-shapes';
import { shippingStatusOf } from '@/lib/orders/document-view';
import { dueCents, readLedger, refundOwedCents, toPaymentDto } from '@/lib/orders/ledger';
import { shipmentsOf } from '@/lib/orders/shipments';
import { taxedLineOf } from '@/lib/db/taxed-lines';
import { noteFor } from '@/lib/tax/rules';
import { taxSummary } from '@/lib/tax/summary';
import type { CheckoutDto } from '@/lib/types';

function toCheckoutDto(
  checkout: Checkout,
  lines: readonly Order[],
  ledger: readonly Payment[],
  shipments: CheckoutDto['shipments'],
): CheckoutDto {
  return {
    checkoutId: checkout.id,
    number: checkout.number,
    poNumber: checkout.poNumber,
    requestedDeliveryOn: checkout.requestedDeliveryOn,
    total: toDollars(checkout.totalCents),
    tax: taxSummary(lines.map(taxedLineOf), lines[0] ? noteFor(lines[0].taxCategory).note : null),
    paid: checkout.transactionId !== null,
    awaitingApproval: checkout.approval === 'awaiting',
    transactionId: checkout.transactionId,
    paidAt: lines[0]?.paidAt?.toISOString() ?? null,
    createdAt: checkout.createdAt.toISOString(),
    orders: lines.map(toOrderDto),
    amountDue: toDollars(dueCents(checkout.totalCents, ledger)),
    refundOwed: toDollars(refundOwedCents(ledger)),
    payments: ledger.map(toPaymentDto),
    status: shippingStatusOf(lines),
    lines: lines.map((line) => ({
      orderId: line.id,
      number: line.number,
      sku: line.sku,
      quantity: line.quantity,
      shipped: line.shippedQuantity,
      backOrdered: line.backOrdered,
    })),
    shipments,
  };
}

/** A checkout with its lines and its ledger, for its owner or an admin (a page, whose caller is already read). */
export async function getCheckout(actor: Actor | null, id: string): Promise<CheckoutDto> {
  const db = getDb();
  const { checkout, orders } = await findCheckoutFor(actor, id, db);
  return withLedgerAndShipments(checkout, orders);
}

const NO_CHECKOUT = '00000000-0000-0000-0000-000000000000';

/**
 * The caller's account at the credential's version, the checkout and its lines in one round trip (GET
 * /api/checkout/{id} is read again and again while a buyer waits on a payment): where the account, the checkout and
 * the lines were three.
 */
const checkoutReadStatement = preparedPerDatabase('checkout_read', (db: Database, name) =>
  db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      checkout: checkouts,
      line: orders,
    })
    .from(users)
    .leftJoin(checkouts, eq(checkouts.id, sql.placeholder('checkoutId')))
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(callerAtCredentialVersion())
    .orderBy(asc(orders.number))
    .prepare(name),
);

/** The same read for an API caller known by its credential alone: the account is checked in the checkout's statement. */
export async function getCheckoutForCredential(
  credential: Credential | null,
  id: string,
): Promise<CheckoutDto> {
  const { userId: callerId, sessionVersion } = requireCredential(credential);
  const db = getDb();
  // A malformed id still has the account checked (a 401 before a 404), and matches no checkout.
  const checkoutId = idSchema.safeParse(id).success ? id : NO_CHECKOUT;
  const rows = await checkoutReadStatement(db).execute({ callerId, sessionVersion, checkoutId });
  const [first] = rows;
  if (!first) throw unauthorized();
  const caller = requireSignedIn(
    await actorFromIdentity({ ...first, id: callerId, sessionVersion }),
  );
  const checkout = await requireReadableCheckout(caller, first.checkout, db);
  return withLedgerAndShipments(
    checkout,
    rows.flatMap(({ line }) => (line ? [line] : [])),
  );
}

async function withLedgerAndShipments(checkout: Checkout, lines: Order[]): Promise<CheckoutDto> {
  const db = getDb();
  const [ledger, shipments] = await Promise.all([
    readLedger(db, checkout.id),
    shipmentsOf(checkout.id, db),
  ]);
  return toCheckoutDto(checkout, lines, ledger, shipments);
}
