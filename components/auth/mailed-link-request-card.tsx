'use client';

import type { Route } from 'next';
import { useState, type ReactNode } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { apiRequest } from '@/lib/client/api';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@/lib/validation/auth';

interface MailedLinkRequestCardProps {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  /** The call that mails the link; it answers every address with the same message. */
  endpoint: string;
  /** Sent with the address (the sign-in link's return path). */
  extra?: Record<string, string | undefined>;
  backHref: Route;
}

/** One address in, the shop's answer out: the cards that mail a password-reset or a sign-in link. */
export function MailedLinkRequestCard({
  title,
  intro,
  submitLabel,
  endpoint,
  extra,
  backHref,
}: MailedLinkRequestCardProps) {
  const [answer, setAnswer] = useState<string | null>(null);
  const { field, handleSubmit, formError, setFormError, busy, setBusy } =
    useSchemaForm(forgotPasswordSchema);

  async function onSubmit(values: ForgotPasswordInput) {
    setFormError(null);
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', endpoint, {
        ...values,
        ...extra,
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
    <AuthCard
      title={title}
      error={formError}
      footer={<CardLink href={backHref}>Back to Log In</CardLink>}
    >
      {answer ? (
        <p role="status" className="alert alert-success">
          {answer}
        </p>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
          <p className="text-sm">{intro}</p>
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
