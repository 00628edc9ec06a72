'use client';

import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { apiRequest } from '@/lib/client/api';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@/lib/validation';

export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<string | null>(null);
  const { field, handleSubmit, formError, setFormError, busy, setBusy } =
    useSchemaForm(forgotPasswordSchema);

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
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton busy={busy}>Send reset link</SubmitButton>
        </form>
      )}
      <FormError message={formError} />
      <CardLink href="/login">Back to Log In</CardLink>
    </AuthCard>
  );
}
