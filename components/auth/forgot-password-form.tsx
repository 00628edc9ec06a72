'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { apiRequest } from '@/lib/client/api';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@/lib/validation';

export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), mode: 'onChange' });

  async function onSubmit(values: ForgotPasswordInput) {
    setFormError(null);
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>(
        'POST',
        '/api/password/forgot',
        values,
      );
      setAnswer(message);
    } catch (cause) {
      setFormError(
        cause instanceof Error ? cause.message : 'Could not send the link. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot password">
      {answer ? (
        <p role="status" className="alert alert-success">
          {answer}
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
          <p className="text-sm">
            Enter the email of your account and we will mail you a link to set a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
        </form>
      )}
      <FormError message={formError} />
      <CardLink href="/login">Back to Log In</CardLink>
    </AuthCard>
  );
}
