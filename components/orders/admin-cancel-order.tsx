'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatOrderNumber, formatUsd } from '@/lib/format';

/** What cancelling does to the money, said before the question. */
const cancellationConsequence = (refundOwed: number) =>
  refundOwed > 0
    ? `The customer already paid ${formatUsd(refundOwed)} of its invoice by bank transfer: that is owed back to them once the order is cancelled, beside its credit note.`
    : 'Nothing was paid yet: its pieces go back in stock and nothing is owed back.';

/**
 * An admin's Cancel of a customer's unpaid order: before "Are you sure?" it says what the customer already paid by
 * transfer and will be owed back, so nobody cancels money away unseen.
 */
export function AdminCancelOrder({
  orderId,
  number,
  refundOwed,
}: {
  orderId: string;
  number: number;
  /** dollars already paid by transfer, owed back once cancelled */
  refundOwed: number;
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/order/${orderId}`);
      toast.success(`Order ${formatOrderNumber(number)} cancelled`);
      // A cancelled order is gone from the shop's lists: back to them.
      router.replace('/dashboard/manageorder');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not cancel the order');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={BUTTON.destructive} onClick={() => setAsking(true)}>
        Cancel order
      </button>
      <ConfirmDialog
        title={`Cancel order ${formatOrderNumber(number)}?`}
        message={`${cancellationConsequence(refundOwed)} Are you sure?`}
        open={asking}
        busy={busy}
        confirmLabel="Cancel order"
        dismissLabel="Keep order"
        onConfirm={cancel}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
