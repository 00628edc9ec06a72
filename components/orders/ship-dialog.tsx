'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatOrderNumber, formatPieces } from '@/lib/format';
import type { OrderDocumentDto } from '@/lib/types';

interface ShipDialogProps {
  documentId: string;
  /** "C-1001" */
  name: string;
  lines: OrderDocumentDto['lines'];
  /** All Orders' Ship links here with `?ship=1`: the dialog opens with the page. */
  openAtStart: boolean;
}

/**
 * An admin's Ship: a quantity per line (what can ship, by default), the carrier and the tracking number, sent as one
 * shipment; a refusal (a line that can not ship that many) is shown in the dialog, which stays open to correct it.
 * All Orders' Ship opens it.
 */
export function ShipDialog({ documentId, name, lines, openAtStart }: ShipDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(openAtStart);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [quantities, setQuantities] = useState(() =>
    Object.fromEntries(lines.map((line) => [line.orderId, String(line.shippable)])),
  );
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');

  function close() {
    setOpen(false);
    setRefusal(null);
    if (window.location.search) history.replaceState(null, '', window.location.pathname);
  }

  async function ship() {
    const wanted = lines.flatMap((line) => {
      const quantity = Number(quantities[line.orderId] || 0);
      return quantity > 0 ? [{ orderId: line.orderId, quantity }] : [];
    });
    if (wanted.length === 0) {
      setRefusal('Enter how many pieces of at least one line ship.');
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const shipment = await apiRequest<{ number: string }>(
        'POST',
        `/api/checkout/${documentId}/shipments`,
        { lines: wanted, carrier, trackingNumber },
      );
      toast.success(`Shipment ${shipment.number} recorded; the buyer is mailed`);
      close();
      router.refresh();
    } catch (cause) {
      setRefusal(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={BUTTON.primary} onClick={() => setOpen(true)}>
        Ship
      </button>
      <ConfirmDialog
        title={`Ship order ${name}`}
        message="How many pieces of each line go in this parcel?"
        open={open}
        busy={busy}
        tone="primary"
        confirmLabel="Ship"
        dismissLabel="Not now"
        onConfirm={ship}
        onCancel={close}
      >
        <div className="flex flex-col gap-2">
          {lines.map((line) => (
            <TextField
              key={line.orderId}
              label={`${formatOrderNumber(line.number)} ${line.name} (${line.sku}): ${formatPieces(line.shippable)} can ship`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.shippable}
              value={quantities[line.orderId] ?? ''}
              onChange={(event) =>
                setQuantities((now) => ({ ...now, [line.orderId]: event.target.value }))
              }
            />
          ))}
          <TextField
            label="Carrier"
            maxLength={100}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
          />
          <TextField
            label="Tracking number"
            maxLength={100}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
          {refusal && (
            <p role="alert" className="text-error">
              {refusal}
            </p>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
