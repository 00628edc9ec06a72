'use client';

import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { SubmitButton } from '@/components/auth/submit-button';
import { apiRequest } from '@/lib/client/api';

/**
 * The mailed verification link's page. Verifying takes a click (a POST): mail scanners that open links on their
 * own must not use up the single-use token.
 */
export function VerifyEmailCard({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/verify-email', { token });
      setDone(true);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Could not verify your email');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Verify your email"
      error={error}
      footer={<CardLink href="/dashboard">Go to your dashboard</CardLink>}
    >
      {done ? (
        <p role="status" className="alert alert-success">
          Your email is verified. Thank you!
        </p>
      ) : (
        <form onSubmit={(event) => void verify(event)} className="flex flex-col gap-3">
          <p className="text-sm">Confirm that this address is yours.</p>
          <SubmitButton busy={busy}>Verify my email</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
