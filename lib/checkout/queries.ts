import type { Actor } from '@/lib/auth/actor';
import type { Checkout, Order } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import { findCheckoutFor } from '@/lib/orders/access';
import { toOrderDto } from '@/lib/orders/dto';
import { shipmentsOf } from '@/lib/orders/shipments';
import type { CheckoutDto } from '@/lib/types';

function statusOf(lines: readonly Order[]): CheckoutDto['status'] {
  if (lines.length === 0) return 'cancelled';
  if (lines.every((line) => line.shipped)) return 'shipped';
  return lines.some((line) => line.shippedQuantity > 0) ? 'partially_shipped' : 'placed';
}

export function toCheckoutDto(
  checkout: Checkout,
  lines: readonly Order[],
  shipments: CheckoutDto['shipments'] = [],
): CheckoutDto {
  return {
    checkoutId: checkout.id,
    number: checkout.number,
    poNumber: checkout.poNumber,
    total: toDollars(checkout.totalCents),
    paid: checkout.transactionId !== null,
    transactionId: checkout.transactionId,
    paidAt: lines[0]?.paidAt?.toISOString() ?? null,
    createdAt: checkout.createdAt.toISOString(),
    orders: lines.map(toOrderDto),
    status: statusOf(lines),
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

/** A checkout with its lines, for its owner or an admin. */
export async function getCheckout(actor: Actor | null, id: string): Promise<CheckoutDto> {
  const { checkout, orders } = await findCheckoutFor(actor, id);
  return toCheckoutDto(checkout, orders, await shipmentsOf(checkout.id));
}
