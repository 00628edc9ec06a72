'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { signOutCompletely } from '@/components/auth/sign-out';
import { endMySessions } from '@/lib/auth/end-my-sessions';

/** Ends every session of the account (other browsers, copied cookies, API tokens), then this one. */
export function SignOutEverywhereButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    setBusy(true);
    try {
      await endMySessions();
      await signOutCompletely();
      router.replace('/login');
      router.refresh();
    } catch (error) {
      console.error('Sign out everywhere failed', error);
      toast.error('Could not sign out everywhere. Please try again.');
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={() => void signOutEverywhere()}
      disabled={busy}
      aria-describedby="sign-out-everywhere-help"
    >
      Sign out everywhere
    </button>
  );
}
