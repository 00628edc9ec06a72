'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatUsd } from '@/lib/format';
import type { UserDto } from '@/lib/types';

/** All Users → Terms: grant pay by invoice (net 15, 30 or 60 days, a credit limit in dollars), change or remove it. */
export function TermsButton({ user, onChanged }: { user: UserDto; onChanged: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [netDays, setNetDays] = useState(String(user.terms?.netDays ?? 30));
  const [limit, setLimit] = useState(String(user.terms?.creditLimit ?? 5000));
  const [busy, setBusy] = useState(false);
  const who = user.name || user.email;

  async function save() {
    setBusy(true);
    try {
      const body =
        netDays === 'none'
          ? { netDays: null }
          : { netDays: Number(netDays), creditLimit: Number(limit) };
      await apiRequest('PUT', `/api/user/terms/${encodeURIComponent(user._id)}`, body);
      toast.success(netDays === 'none' ? `${who} pays by card` : `${who} may pay by invoice`);
      setOpen(false);
      await onChanged();
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not save the terms'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="flex flex-col items-start gap-1">
        <button
          type="button"
          className={`${BUTTON.quiet} ${ROW_BUTTON}`}
          onClick={() => setOpen(true)}
        >
          Terms
        </button>
        <span className="text-xs whitespace-nowrap">
          {user.terms
            ? `Net ${user.terms.netDays}, limit ${formatUsd(user.terms.creditLimit)}`
            : 'Card only'}
        </span>
      </div>
      <ConfirmDialog
        open={open}
        title={`Terms for ${who}`}
        message="Pay by invoice: the days to pay and the most their open invoices may add up to."
        confirmLabel="Save terms"
        tone="primary"
        busy={busy}
        onConfirm={() => void save()}
        onCancel={() => setOpen(false)}
      >
        <label className="fieldset">
          <span className="fieldset-legend">Net terms</span>
          <select
            className="select w-full"
            value={netDays}
            onChange={(event) => setNetDays(event.target.value)}
          >
            <option value="15">Net 15</option>
            <option value="30">Net 30</option>
            <option value="60">Net 60</option>
            <option value="none">No terms (card only)</option>
          </select>
        </label>
        {netDays !== 'none' && (
          <TextField
            label="Credit limit (dollars)"
            type="number"
            min={0}
            step="0.01"
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
