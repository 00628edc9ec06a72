import type { Actor } from '@/lib/auth/actor';
import type { Checkout, Order, Payment } from '@/lib/db/schema';
import { getDb } from '@/lib/db/client';
import { toDollars } from '@/lib/money';
import { findCheckoutFor } from '@/lib/orders/access';
import { toOrderDto } from '@/lib/db/rest-shapes';
import { shippingStatusOf } from '@/lib/orders/document-view';
import { dueCents, ledgerOf, refundOwedCents, toPaymentDto } from '@/lib/orders/ledger';
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

/** A checkout with its lines and its ledger, for its owner or an admin. */
export async function getCheckout(actor: Actor | null, id: string): Promise<CheckoutDto> {
  const db = getDb();
  const { checkout, orders } = await findCheckoutFor(actor, id, db);
  return toCheckoutDto(
    checkout,
    orders,
    await ledgerOf(db, checkout.id),
    await shipmentsOf(checkout.id, db),
  );
}
