import { formatUsd } from '@/lib/format';
import { toCents, toDollars } from '@/lib/money';
import type { CheckoutDto } from '@/lib/types';

/** What the ledger has received on an order and not yet owed back: what its cancellation would owe the buyer. */
export function owedBackOnCancel(checkout: Pick<CheckoutDto, 'payments'>): number {
  const cents = checkout.payments.reduce((sum, row) => {
    if (row.kind === 'card' || row.kind === 'transfer') return sum + toCents(row.amount);
    if (row.kind === 'refund_owed') return sum - toCents(row.amount);
    return sum;
  }, 0);
  return toDollars(Math.max(0, cents));
}

/**
 * The question before an admin cancels an order: a part-paid one says first what will be owed back to the buyer,
 * so nobody cancels money away unawares.
 */
export function cancelQuestion(checkout: Pick<CheckoutDto, 'payments'>): string {
  const owed = owedBackOnCancel(checkout);
  return owed > 0
    ? `${formatUsd(owed)} has been paid on this order and will be owed back to the buyer. Are you sure?`
    : 'Are you sure?';
}
