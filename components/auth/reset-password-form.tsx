'use client';

import { signIn } from 'next-auth/react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { finishSignIn } from '@/components/auth/finish-sign-in';
import { apiRequest } from '@/lib/client/api';
import { resetPasswordSchema } from '@/lib/validation/auth';

const passwordOnly = resetPasswordSchema.pick({ password: true });

/** The mailed link's page: a new password, then signed in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { field, handleSubmit, formError, setFormError, busy, setBusy } =
    useSchemaForm(passwordOnly);

  async function onSubmit({ password }: { password: string }) {
    setFormError(null);
    setBusy(true);
    try {
      const { email } = await apiRequest<{ email: string }>('POST', '/api/password/reset', {
        token,
        password,
      });
      const result = await signIn('credentials', { email, password, redirect: false });
      if (result.error)
        throw new Error('Your password was changed, but signing in failed. Please log in.');
      await finishSignIn('/dashboard');
    } catch (cause) {
      setFormError(
        cause instanceof Error ? cause.message : 'Could not set the password. Please try again.',
      );
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Set a new password"
      error={formError}
      footer={<CardLink href="/forgot-password">Ask for a new link</CardLink>}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
        />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </form>
    </AuthCard>
  );
}
