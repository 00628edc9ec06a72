'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import type { OAuthProviderOption } from '@/lib/auth/providers';
import { signIn } from 'next-auth/react';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '@/components/auth/auth-card';
import { CredentialsForm } from '@/components/auth/credentials-form';
import { FormError } from '@/components/auth/form-error';
import { OtherSignInOptions } from '@/components/auth/other-sign-in-options';
import { withFrom } from '@/components/auth/return-path';
import { credentialsErrorMessage, redirectErrorMessage } from '@/components/auth/sign-in-messages';
import { SubmitButton } from '@/components/auth/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useFinishSignIn } from '@/components/auth/use-finish-sign-in';
import { logInWithoutScript } from '@/lib/users/form-sign-in';
import { loginSchema, type LoginInput } from '@/lib/validation';

interface LoginFormProps {
  from: string | undefined;
  /** Auth.js's `?error=` after a failed redirect sign-in. */
  error: string | undefined;
  googleEnabled: boolean;
  /** the sign-in providers this server is configured for */
  providers: readonly OAuthProviderOption[];
}

export function LoginForm({ from, error, googleEnabled, providers }: LoginFormProps) {
  const [formError, setFormError] = useState(() => redirectErrorMessage(error));
  // Stays true through the navigation that follows a successful sign-in.
  const [signingIn, setSigningIn] = useState(false);
  const finishSignIn = useFinishSignIn(from);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginSchema), mode: 'onChange' });

  async function onSubmit({ email, password }: LoginInput) {
    setFormError(null);
    setSigningIn(true);
    try {
      const result = await signIn('credentials', { email, password, redirect: false });
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
    <AuthCard title="Login">
      <CredentialsForm action={logInWithoutScript} onSubmit={handleSubmit(onSubmit)} from={from}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link href="/forgot-password" className="link link-primary self-end text-sm">
          Forgot password?
        </Link>
        <SubmitButton busy={signingIn}>Login</SubmitButton>
      </CredentialsForm>
      <FormError message={formError} />
      <p className="text-center text-sm">
        New to Toolhaus?{' '}
        <Link href={withFrom('/signup', from)} className="link link-primary">
          Create New Account
        </Link>
      </p>
      <div className="divider">OR</div>
      <OtherSignInOptions
        googleEnabled={googleEnabled}
        providers={providers}
        emailLink
        from={from}
        disabled={signingIn}
        onError={setFormError}
      />
    </AuthCard>
  );
}
