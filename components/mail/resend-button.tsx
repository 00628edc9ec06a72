'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/client/api';

/** Puts a failed mail back in the queue, then shows its new status. */
export function ResendButton({ id, recipient }: { id: string; recipient: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/mail/${id}/resend`);
      toast.success(`The mail to ${recipient} is queued again`);
      router.refresh();
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : 'Could not resend this mail');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      disabled={busy}
      aria-label={`Resend the mail to ${recipient}`}
      onClick={() => void resend()}
    >
      Resend
    </button>
  );
}
