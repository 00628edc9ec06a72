'use client';

import { signIn } from 'next-auth/react';
import { AuthCard } from '@/components/auth/auth-card';
import { CardLink } from '@/components/auth/card-link';
import { finishSignIn } from '@/components/auth/finish-sign-in';
import { credentialsErrorMessage } from '@/components/auth/sign-in-messages';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { emailLinkSignInSchema } from '@/lib/validation/auth';

const PROVES_ADDRESS =
  'This account was opened with your address before the address was confirmed. Signing in confirms it and, to keep the account yours, removes the password and other sign-in methods set up before and signs out every other session. You can set a password afterwards.';

// The name is asked for only when the link opens an account; the token travels as a prop, not a field.
const nameSchema = emailLinkSignInSchema.pick({ name: true });
const newAccountSchema = emailLinkSignInSchema.pick({ name: true }).required({ name: true });

interface EmailLinkSignInCardProps {
  token: string;
  email: string;
  /** the address has no account yet: ask for the name sign-up requires */
  newAccount: boolean;
  /** the account was opened with this address unproven: signing in removes what was set up before */
  provesAddress: boolean;
  from: string | undefined;
}

/**
 * The mailed link's page. It signs in only on a click (a POST), never on opening: mail scanners that fetch links
 * must not use up a single-use link. Then the next page loads as a new document, like every sign-in.
 */
export function EmailLinkSignInCard({
  token,
  email,
  newAccount,
  provesAddress,
  from,
}: EmailLinkSignInCardProps) {
  const {
    field,
    handleSubmit,
    formError,
    setFormError,
    // Stays true through the navigation that follows a successful sign-in.
    busy: signingIn,
    setBusy: setSigningIn,
  } = useSchemaForm(newAccount ? newAccountSchema : nameSchema);

  async function onSubmit(values: { name?: string }) {
    setFormError(null);
    setSigningIn(true);
    try {
      const result = await signIn('email-link', {
        token,
        name: values.name ?? '',
        redirect: false,
      });
      if (result.error) {
        setFormError(credentialsErrorMessage(result.code));
        setSigningIn(false);
        return;
      }
      await finishSignIn(from);
    } catch (cause) {
      console.error('Sign-in failed', cause);
      setFormError('Sign-in failed. Please try again.');
      setSigningIn(false);
    }
  }

  return (
    <AuthCard
      title={newAccount ? 'Open your account' : 'Sign in'}
      error={formError}
      footer={<CardLink href="/login">Back to Log In</CardLink>}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-3">
        <p className="text-sm">
          {newAccount ? 'Opening an account for ' : 'Signing in as '}
          <strong className="break-all">{email}</strong>
        </p>
        {newAccount && <TextField label="Name" autoComplete="name" {...field('name')} />}
        {provesAddress && <p className="alert alert-info text-sm">{PROVES_ADDRESS}</p>}
        <SubmitButton busy={signingIn}>{newAccount ? 'Open my account' : 'Sign in'}</SubmitButton>
      </form>
    </AuthCard>
  );
}
