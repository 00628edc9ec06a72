'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { withFrom } from '@/components/auth/return-path';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { apiRequest } from '@/lib/client/api';
import { emailLinkRequestSchema, type EmailLinkRequestInput } from '@/lib/validation';

/** "Email me a sign-in link": one address in, the same answer for every address out. */
export function EmailLinkRequestForm({ from }: { from: string | undefined }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(emailLinkRequestSchema),
    mode: 'onChange',
    defaultValues: { email: '', from },
  });

  async function onSubmit(values: EmailLinkRequestInput) {
    setFormError(null);
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/email-link', values);
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
    <AuthCard title="Sign in by email">
      {answer ? (
        <p role="status" className="alert alert-success">
          {answer}
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
          <p className="text-sm">
            We will mail you a link that signs you in. New here? The link opens your account.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitButton busy={busy}>Email me a sign-in link</SubmitButton>
        </form>
      )}
      <FormError message={formError} />
      <CardLink href={withFrom('/login', from)}>Back to Log In</CardLink>
    </AuthCard>
  );
}
