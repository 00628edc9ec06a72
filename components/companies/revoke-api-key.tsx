'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/components/forms/error-message';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { apiRequest } from '@/lib/client/api';
import type { ApiKeyDto } from '@/lib/types';

/** Owners: revoke a key after a confirmation; every call made with it is refused from then on. */
export function RevokeApiKey({ apiKey }: { apiKey: ApiKeyDto }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function revoke() {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/company/api-keys/${encodeURIComponent(apiKey.keyId)}`);
      toast.success(`${apiKey.name} is revoked`);
      setOpen(false);
      router.refresh();
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not revoke the key'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`${BUTTON.destructive} ${ROW_BUTTON}`}
        onClick={() => setOpen(true)}
      >
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        title={`Revoke ${apiKey.name}?`}
        message="Every system that uses this key is refused from now on. This can not be undone: make a new key instead."
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => void revoke()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
