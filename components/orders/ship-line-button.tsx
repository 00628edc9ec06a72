'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatOrderNumber } from '@/lib/format';

/**
 * docs/PRODUCT.md's Pending on an order of one line: an action, not a state. Its accessible name and the hint under it
 * say that it marks the order shipped, after a confirmation; the shop then ships the whole line.
 */
export function ShipLineButton({
  orderId,
  number,
  view,
}: {
  orderId: string;
  number: number;
  view: 'table' | 'card';
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const hintId = `order-${orderId}-ship-hint-${view}`;

  async function ship() {
    setAsking(false);
    setBusy(true);
    try {
      await apiRequest('PUT', `/api/order/shipped/${orderId}`);
      toast.success('Order marked as shipped');
      router.refresh();
    } catch (cause) {
      toast.error(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={`${BUTTON.primary} ${ROW_BUTTON}`}
        disabled={busy}
        aria-label={`Pending: mark order ${formatOrderNumber(number)} shipped`}
        aria-describedby={hintId}
        onClick={() => setAsking(true)}
      >
        Pending
      </button>
      <span id={hintId} className="text-xs text-base-content/70">
        Marks it shipped
      </span>
      <ConfirmDialog
        // Named only while it asks: a closed dialog's words would otherwise be found in the row.
        title={asking ? `Mark order ${formatOrderNumber(number)} shipped?` : undefined}
        message="Are you sure?"
        open={asking}
        tone="primary"
        confirmLabel="Yes, it has shipped"
        dismissLabel="No, not yet"
        onConfirm={ship}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
