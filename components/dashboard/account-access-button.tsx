'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import type { UserDto } from '@/lib/types';

interface AccountAccessButtonProps {
  user: UserDto;
  /** the signed-in admin's own row: an admin can not lock themselves out */
  self: boolean;
  onChanged: () => Promise<unknown>;
}

/** All Users → Disable / Enable: disabling signs the user out everywhere, so it asks first. */
export function AccountAccessButton({ user, self, onChanged }: AccountAccessButtonProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = user.disabled ? 'Enable' : 'Disable';
  const who = user.name || user.email;

  async function setDisabled(disabled: boolean) {
    setBusy(true);
    try {
      await apiRequest('PUT', `/api/user/disabled/${encodeURIComponent(user._id)}`, { disabled });
      toast.success(disabled ? `${who} has been disabled` : `${who} can sign in again`);
    } catch (cause) {
      toast.error(
        cause instanceof Error ? cause.message : `Could not ${label.toLowerCase()} this user`,
      );
    } finally {
      setBusy(false);
      await onChanged();
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${user.disabled ? BUTTON.quiet : BUTTON.destructive} ${ROW_BUTTON}`}
        disabled={self || busy}
        title={self ? 'You can not disable your own account' : undefined}
        onClick={() => (user.disabled ? void setDisabled(false) : setAsking(true))}
      >
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        message={`Disable ${who}? They are signed out at once and can not sign in until enabled.`}
        confirmLabel="Disable"
        onConfirm={() => {
          setAsking(false);
          void setDisabled(true);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
