'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useFinishSignIn } from '@/components/auth/use-finish-sign-in';
import { apiRequest } from '@/lib/client/api';
import { resetPasswordSchema } from '@/lib/validation';

const passwordOnly = resetPasswordSchema.pick({ password: true });

/** The mailed link's page: a new password, then signed in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const finishSignIn = useFinishSignIn('/dashboard');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordOnly), mode: 'onChange' });

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
      await finishSignIn(email);
    } catch (cause) {
      setFormError(
        cause instanceof Error ? cause.message : 'Could not set the password. Please try again.',
      );
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Set a new password">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </form>
      <FormError message={formError} />
      <CardLink href="/forgot-password">Ask for a new link</CardLink>
    </AuthCard>
  );
}
