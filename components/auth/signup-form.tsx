'use client';

import type { OAuthProviderOption } from '@/lib/auth/providers';
import Link from 'next/link';
import { AuthCard } from '@/components/auth/auth-card';
import { CredentialsForm } from '@/components/auth/credentials-form';
import { OtherSignInOptions } from '@/components/auth/other-sign-in-options';
import { withFrom } from '@/components/auth/return-path';
import { signInAndReturn } from '@/components/auth/password-sign-in';
import { redirectErrorMessage } from '@/components/auth/sign-in-messages';
import { SubmitButton } from '@/components/auth/submit-button';
import { showApiError } from '@/components/forms/api-field-errors';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { signUpWithoutScript } from '@/lib/users/form-sign-in';
import { apiRequest } from '@/lib/client/api';
import { signupSchema, type SignupInput } from '@/lib/validation/auth';

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
  const { field, handleSubmit, setError, formError, setFormError, busy, setBusy } = useSchemaForm(
    signupSchema,
    redirectErrorMessage(error),
  );

  async function onSubmit(values: SignupInput) {
    setFormError(null);
    setBusy(true);
    try {
      await apiRequest('POST', '/api/signup', values);
    } catch (cause) {
      setBusy(false);
      // 409 (email taken) is one line under the form.
      showApiError(cause, FIELDS, setError, setFormError, 'Sign-up failed. Please try again.');
      return;
    }
    const problem = await signInAndReturn(
      values.email,
      values.password,
      from,
      'Your account was created, but signing in failed. Please log in.',
    );
    if (problem) {
      setFormError(problem);
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Sign Up"
      error={formError}
      footer={
        <p className="text-center text-sm">
          <Link href={withFrom('/login', from)} className="link link-primary">
            Already have an account? Login
          </Link>
        </p>
      }
      alternatives={
        <OtherSignInOptions
          googleEnabled={googleEnabled}
          providers={providers}
          from={from}
          disabled={busy}
          onError={setFormError}
        />
      }
    >
      <CredentialsForm action={signUpWithoutScript} onSubmit={handleSubmit(onSubmit)} from={from}>
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
        />
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </CredentialsForm>
    </AuthCard>
  );
}
