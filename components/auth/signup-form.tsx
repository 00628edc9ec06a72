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
import { signUpWithoutScript } from '@/lib/users/form-sign-in';
import { ApiError, apiRequest } from '@/lib/client/api';
import { signupSchema, type SignupInput } from '@/lib/validation';

interface SignupFormProps {
  from: string | undefined;
  /** `?error=` after the no-script sign-up failed. */
  error: string | undefined;
  googleEnabled: boolean;
  /** the sign-in providers this server is configured for */
  providers: readonly OAuthProviderOption[];
}

const FIELDS = ['name', 'email', 'password'] as const;

export function SignupForm({ from, error, googleEnabled, providers }: SignupFormProps) {
  const [formError, setFormError] = useState(() => redirectErrorMessage(error));
  const [busy, setBusy] = useState(false);
  const finishSignIn = useFinishSignIn(from);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signupSchema), mode: 'onChange' });

  async function onSubmit(values: SignupInput) {
    setFormError(null);
    setBusy(true);
    try {
      await apiRequest('POST', '/api/signup', values);
    } catch (cause) {
      setBusy(false);
      if (!(cause instanceof ApiError)) {
        console.error('Sign-up failed', cause);
        setFormError('Sign-up failed. Please try again.');
        return;
      }
      // A 400 names the fields at fault; anything else (409: email taken) is one line under the form.
      const fieldErrors = FIELDS.filter((field) => cause.fields[field]);
      for (const field of fieldErrors) setError(field, { message: cause.fields[field] });
      if (fieldErrors.length === 0) setFormError(cause.message);
      return;
    }
    try {
      const result = await signIn('credentials', {
        email: values.email,
        password: values.password,
        redirect: false,
      });
      if (result.error) {
        setFormError(credentialsErrorMessage(result.code));
        setBusy(false);
        return;
      }
      await finishSignIn(values.email);
    } catch (cause) {
      console.error('Sign-in after sign-up failed', cause);
      setFormError('Your account was created, but signing in failed. Please log in.');
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign Up">
      <CredentialsForm action={signUpWithoutScript} onSubmit={handleSubmit(onSubmit)} from={from}>
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </CredentialsForm>
      <FormError message={formError} />
      <p className="text-center text-sm">
        <Link href={withFrom('/login', from)} className="link link-primary">
          Already have an account? Login
        </Link>
      </p>
      <div className="divider">OR</div>
      <OtherSignInOptions
        googleEnabled={googleEnabled}
        providers={providers}
        from={from}
        disabled={busy}
        onError={setFormError}
      />
    </AuthCard>
  );
}
