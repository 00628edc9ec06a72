import { describe, expect, it } from 'vitest';
import { cancelQuestion, owedBackOnCancel } from '@/lib/orders/cancel-question';
import type { PaymentDto } from '@/lib/types';

const row = (kind: PaymentDto['kind'], amount: number): PaymentDto => ({
  kind,
  amount,
  reference: 'r',
  at: '2026-11-28T08:00:00.000Z',
});

describe('the question before an admin cancels', () => {
  it('is the plain question when nothing was paid', () => {
    expect(cancelQuestion({ payments: [] })).toBe('Are you sure?');
  });

  it('says what a part-paid order will owe back before asking', () => {
    const payments = [row('transfer', 150), row('transfer', 0.1)];
    expect(owedBackOnCancel({ payments })).toBe(150.1);
    expect(cancelQuestion({ payments })).toBe(
      '$150.10 has been paid on this order and will be owed back to the buyer. Are you sure?',
    );
  });

  it('does not count again what is already owed back', () => {
    const payments = [row('transfer', 200), row('card', 500), row('refund_owed', 200)];
    expect(owedBackOnCancel({ payments })).toBe(500);
  });
});
