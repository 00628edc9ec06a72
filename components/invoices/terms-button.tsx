'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import { formatUsd } from '@/lib/format';

interface TermsButtonProps {
  /** whose terms: an account (All Users) or a company (Companies) */
  who: string;
  terms: { netDays: number; creditLimit: number } | null;
  /** `PUT /api/user/terms/{id}` or `PUT /api/companies/{id}/terms` */
  endpoint: string;
  onChanged: () => unknown;
}

/**
 * Terms: grant pay by invoice (net 15, 30 or 60 days, a credit limit in dollars), change or remove it; All Users sets
 * an account's company's, Companies a company's.
 */
export function TermsButton({ who, terms, endpoint, onChanged }: TermsButtonProps) {
  const [open, setOpen] = useState(false);
  const [netDays, setNetDays] = useState(String(terms?.netDays ?? 30));
  const [limit, setLimit] = useState(String(terms?.creditLimit ?? 5000));
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const body =
        netDays === 'none'
          ? { netDays: null }
          : { netDays: Number(netDays), creditLimit: Number(limit) };
      await apiRequest('PUT', endpoint, body);
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
          {terms ? `Net ${terms.netDays}, limit ${formatUsd(terms.creditLimit)}` : 'Card only'}
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
