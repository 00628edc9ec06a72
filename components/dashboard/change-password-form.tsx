'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormError } from '@/components/auth/form-error';
import { TextField } from '@/components/forms/text-field';
import { storeAccessToken } from '@/components/auth/access-token-sync';
import { ApiError, apiRequest } from '@/lib/client/api';
import { changePasswordSchema, type ChangePasswordInput } from '@/lib/validation';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Changing the password ends every session, this one too: the form signs in again with the new password. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordSchema), mode: 'onChange' });

  async function onSubmit(values: ChangePasswordInput) {
    setFormError(null);
    setBusy(true);
    try {
      await apiRequest('POST', '/api/password/change', values);
    } catch (cause) {
      setBusy(false);
      const fields = cause instanceof ApiError ? FIELDS.filter((field) => cause.fields[field]) : [];
      for (const field of fields) setError(field, { message: (cause as ApiError).fields[field] });
      if (fields.length === 0)
        setFormError(cause instanceof Error ? cause.message : 'Could not change the password');
      return;
    }
    const result = await signIn('credentials', {
      email,
      password: values.newPassword,
      redirect: false,
    });
    if (!result.error) await storeAccessToken(email).catch(() => undefined);
    reset();
    setBusy(false);
    toast.success('Your password was changed. Other sessions were signed out.');
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="change-password-heading"
    >
      <h3 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <FormError message={formError} />
      <div className="card-actions justify-end">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          Change password
        </button>
      </div>
    </form>
  );
}
