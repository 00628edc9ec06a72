'use client';

import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { withFrom } from '@/components/auth/return-path';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { apiRequest } from '@/lib/client/api';
import { emailLinkRequestSchema, type EmailLinkRequestInput } from '@/lib/validation';

/** "Email me a sign-in link": one address in, the same answer for every address out. */
export function EmailLinkRequestForm({ from }: { from: string | undefined }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const { field, handleSubmit, formError, setFormError, busy, setBusy } =
    useSchemaForm(emailLinkRequestSchema);

  async function onSubmit(values: EmailLinkRequestInput) {
    setFormError(null);
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/email-link', {
        ...values,
        from,
      });
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
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton busy={busy}>Email me a sign-in link</SubmitButton>
        </form>
      )}
      <FormError message={formError} />
      <CardLink href={withFrom('/login', from)}>Back to Log In</CardLink>
    </AuthCard>
  );
}
