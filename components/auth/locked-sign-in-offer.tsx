'use client';

import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { LOCKED_SIGN_IN_REASON } from '@/components/auth/sign-in-messages';
import { apiRequest } from '@/lib/client/api';

/**
 * Under a sign-in refused because the account passed its failure threshold: the password alone no longer signs in,
 * so the owner finishes with a link mailed to the address (a stranger who asks gains nothing: the link goes to the
 * owner). The answer is the email link's, the same for every address.
 */
export function LockedSignInOffer({ email, from }: { email: string; from: string | undefined }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function mailLink() {
    setProblem(null);
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/email-link', {
        email,
        from,
      });
      setAnswer(message);
    } catch (cause) {
      setProblem(
        cause instanceof Error ? cause.message : 'Could not send the link. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  if (answer) {
    return (
      <p role="status" className="alert alert-success text-sm">
        {answer}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">{LOCKED_SIGN_IN_REASON}</p>
      <button
        type="button"
        className="btn btn-primary w-full"
        onClick={mailLink}
        disabled={busy}
        aria-busy={busy}
      >
        {busy && <span className="loading loading-spinner" aria-hidden="true" />}
        Email me the sign-in link
      </button>
      <FormError message={problem} />
    </div>
  );
}
