import type { Actor } from '@/lib/auth/actor';
import type { Checkout, Order } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import { findCheckoutFor } from '@/lib/orders/access';
import { toOrderDto } from '@/lib/orders/dto';
import type { CheckoutDto } from '@/lib/types';

export function toCheckoutDto(checkout: Checkout, lines: readonly Order[]): CheckoutDto {
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
  };
}

/** A checkout with its lines, for its owner or an admin. */
export async function getCheckout(actor: Actor | null, id: string): Promise<CheckoutDto> {
  const { checkout, orders } = await findCheckoutFor(actor, id);
  return toCheckoutDto(checkout, orders);
}
