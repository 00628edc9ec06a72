'use client';

import { AuthCard } from '@/components/auth/auth-card';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { withFrom } from '@/components/auth/return-path';
import { signOutCompletely } from '@/components/auth/sign-out';
import { SubmitButton } from '@/components/auth/submit-button';
import { showApiError } from '@/components/forms/api-field-errors';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { finishSignIn } from '@/components/auth/finish-sign-in';
import { ApiError, apiRequest } from '@/lib/client/api';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '@/lib/validation/two-factor';

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function TwoFactorForm({ from }: { from: string | undefined }) {
  const { field, handleSubmit, setError, formError, setFormError, busy, setBusy } =
    useSchemaForm(twoFactorCodeSchema);

  async function onSubmit({ code }: TwoFactorCodeInput) {
    setFormError(null);
    setBusy(true);
    try {
      await apiRequest('POST', '/api/two-factor/verify', { code });
      await finishSignIn(from);
    } catch (cause) {
      setBusy(false);
      // The pending sign-in ran out (10 minutes) or was signed out: start again.
      if (cause instanceof ApiError && cause.status === 401)
        replaceDocumentWith(withFrom('/login', from));
      else showApiError(cause, ['code'], setError, setFormError, 'Could not check the code');
    }
  }

  async function cancel() {
    await signOutCompletely();
    replaceDocumentWith('/login');
  }

  return (
    <AuthCard
      title="Two-factor authentication"
      error={formError}
      footer={
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void cancel()}>
          Cancel sign-in
        </button>
      }
    >
      <p className="text-sm">Enter the 6-digit code from your authenticator app.</p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
        <TextField
          label="Code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          {...field('code')}
        />
        <p className="text-sm text-base-content/70">
          Lost your phone? Enter one of your recovery codes instead.
        </p>
        <SubmitButton busy={busy}>Verify</SubmitButton>
      </form>
    </AuthCard>
  );
}
