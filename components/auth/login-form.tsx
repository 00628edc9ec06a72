'use client';

import type { OAuthProviderOption } from '@/lib/auth/providers';
import Link from 'next/link';
import { useState } from 'react';
import { AuthCard } from '@/components/auth/auth-card';
import { CredentialsForm } from '@/components/auth/credentials-form';
import { OtherSignInOptions } from '@/components/auth/other-sign-in-options';
import { withFrom } from '@/components/auth/return-path';
import { signInAndReturn } from '@/components/auth/password-sign-in';
import { LOCKED_SIGN_IN, redirectErrorMessage } from '@/components/auth/sign-in-messages';
import { LockedSignInOffer } from '@/components/auth/locked-sign-in-offer';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { logInWithoutScript } from '@/lib/users/form-sign-in';
import { loginSchema, type LoginInput } from '@/lib/validation/auth';

interface LoginFormProps {
  from: string | undefined;
  /** Auth.js's `?error=` after a failed redirect sign-in. */
  error: string | undefined;
  googleEnabled: boolean;
  /** the sign-in providers this server is configured for */
  providers: readonly OAuthProviderOption[];
  /** what signing in leads to, when the page that sent the visitor here says ("Log in to order Claw hammer") */
  intent?: string;
}

export function LoginForm({ from, error, googleEnabled, providers, intent }: LoginFormProps) {
  const {
    field,
    handleSubmit,
    formError,
    setFormError,
    // Stays true through the navigation that follows a successful sign-in.
    busy: signingIn,
    setBusy: setSigningIn,
  } = useSchemaForm(loginSchema, redirectErrorMessage(error));
  // The address a locked sign-in was for: the card then offers to mail it the sign-in link.
  const [lockedEmail, setLockedEmail] = useState<string | null>(null);

  async function onSubmit({ email, password }: LoginInput) {
    setFormError(null);
    setLockedEmail(null);
    setSigningIn(true);
    const problem = await signInAndReturn(
      email,
      password,
      from,
      'Sign-in failed. Please try again.',
    );
    if (problem) {
      setFormError(problem);
      if (problem === LOCKED_SIGN_IN) setLockedEmail(email);
      setSigningIn(false);
    }
  }

  return (
    <AuthCard
      title="Login"
      intent={intent}
      error={formError}
      footer={
        <>
          {lockedEmail && formError === LOCKED_SIGN_IN && (
            <LockedSignInOffer key={lockedEmail} email={lockedEmail} from={from} />
          )}
          <p className="text-center text-sm">
            New to Toolhaus?{' '}
            <Link href={withFrom('/signup', from)} className="link link-primary">
              Create New Account
            </Link>
          </p>
        </>
      }
      alternatives={
        <OtherSignInOptions
          googleEnabled={googleEnabled}
          providers={providers}
          emailLink
          from={from}
          disabled={signingIn}
          onError={setFormError}
        />
      }
    >
      <CredentialsForm action={logInWithoutScript} onSubmit={handleSubmit(onSubmit)} from={from}>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Link href="/forgot-password" className="link link-primary self-end text-sm">
          Forgot password?
        </Link>
        <SubmitButton busy={signingIn}>Login</SubmitButton>
      </CredentialsForm>
    </AuthCard>
  );
}
