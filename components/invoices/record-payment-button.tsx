'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import type { InvoiceDto } from '@/lib/types';

const today = () => new Date().toISOString().slice(0, 10);

/** Open invoices → Record payment: a bank transfer received (amount, date, bank reference); part of it leaves the rest due. */
export function RecordPaymentButton({
  invoice,
  onRecorded,
}: {
  invoice: InvoiceDto;
  onRecorded: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(invoice.due));
  const [date, setDate] = useState(today());
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);

  async function record() {
    setBusy(true);
    try {
      const answer = await apiRequest<InvoiceDto>(
        'POST',
        `/api/invoices/${invoice.number}/payments`,
        { amount: Number(amount), date, reference },
      );
      toast.success(
        answer.status === 'paid'
          ? `${invoice.number} is paid`
          : `Payment recorded on ${invoice.number}`,
      );
      setOpen(false);
      await onRecorded();
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not record the payment'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${BUTTON.primary} ${ROW_BUTTON}`}
        onClick={() => setOpen(true)}
      >
        Record payment
      </button>
      <ConfirmDialog
        open={open}
        title={`Record payment for ${invoice.number}`}
        message="The bank transfer received: its amount, the day it arrived and its reference."
        confirmLabel="Record payment"
        tone="primary"
        busy={busy}
        onConfirm={() => void record()}
        onCancel={() => setOpen(false)}
      >
        <TextField
          label="Amount (dollars)"
          type="number"
          min={0.01}
          step="0.01"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          label="Bank reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}
