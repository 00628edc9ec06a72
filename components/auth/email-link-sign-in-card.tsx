'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { FormError } from '@/components/auth/form-error';
import { credentialsErrorMessage } from '@/components/auth/sign-in-messages';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useFinishSignIn } from '@/components/auth/use-finish-sign-in';
import { emailLinkSignInSchema, type EmailLinkSignInInput } from '@/lib/validation';

interface EmailLinkSignInCardProps {
  token: string;
  email: string;
  /** the address has no account yet: ask for the name SPEC's sign-up requires */
  newAccount: boolean;
  from: string | undefined;
}

/**
 * The mailed link's page. It signs in only on a click (a POST), never on opening: mail scanners that fetch links
 * must not use up a single-use link. Then the next page loads as a new document, like every sign-in.
 */
export function EmailLinkSignInCard({ token, email, newAccount, from }: EmailLinkSignInCardProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const finishSignIn = useFinishSignIn(from);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(
      newAccount ? emailLinkSignInSchema.required({ name: true }) : emailLinkSignInSchema,
    ),
    mode: 'onChange',
    defaultValues: { token, name: newAccount ? '' : undefined },
  });

  async function onSubmit(values: EmailLinkSignInInput) {
    setFormError(null);
    setSigningIn(true);
    try {
      const result = await signIn('email-link', {
        token: values.token,
        name: values.name ?? '',
        redirect: false,
      });
      if (result.error) {
        setFormError(credentialsErrorMessage(result.code));
        setSigningIn(false);
        return;
      }
      await finishSignIn(email);
    } catch (cause) {
      console.error('Sign-in failed', cause);
      setFormError('Sign-in failed. Please try again.');
      setSigningIn(false);
    }
  }

  return (
    <AuthCard title={newAccount ? 'Open your account' : 'Sign in'}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
        <p className="text-sm">
          {newAccount ? 'Opening an account for ' : 'Signing in as '}
          <strong className="break-all">{email}</strong>
        </p>
        <input type="hidden" {...register('token')} />
        {newAccount && (
          <TextField
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
        )}
        <SubmitButton busy={signingIn}>{newAccount ? 'Open my account' : 'Sign in'}</SubmitButton>
      </form>
      <FormError message={formError} />
      <CardLink href="/login">Back to Log In</CardLink>
    </AuthCard>
  );
}
