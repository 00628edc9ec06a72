'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/client/api';

/** My Profile's reminder while the address is not verified; Resend mails a fresh link. */
export function VerifyEmailNotice() {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/verify-email/resend');
      toast.success('We sent you a new verification link');
    } catch (cause) {
      toast.error(cause instanceof Error ? cause.message : 'Could not send the link');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div role="status" className="alert alert-warning flex flex-wrap justify-between gap-2">
      <span>Verify your email: open the link we mailed you.</span>
      <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void resend()}>
        Resend
      </button>
    </div>
  );
}
