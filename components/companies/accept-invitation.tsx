'use client';

import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';

/** The invitation's page: the signed-in account joins the company with the link's token. */
export function AcceptInvitation({ token }: { token: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  // Enabled once the page can act on a click: a click before hydration would be lost without a word.
  const ready = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );

  async function accept() {
    setPending(true);
    setError(undefined);
    try {
      await apiRequest('POST', '/api/company/invitations/accept', { token });
      toast.success('You joined the company');
      router.push('/dashboard/company');
    } catch (cause) {
      setError(errorMessage(cause, 'Could not accept the invitation'));
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-primary"
        disabled={pending || !ready}
        onClick={() => void accept()}
      >
        Accept the invitation
      </button>
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}
