'use client';

import { toast } from 'sonner';
import { FormError } from '@/components/auth/form-error';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { signInWithPassword } from '@/components/auth/password-sign-in';
import { showApiError } from '@/components/forms/api-field-errors';
import { apiRequest } from '@/lib/client/api';
import { changePasswordSchema, type ChangePasswordInput } from '@/lib/validation/auth';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Changing the password ends every session, this one too: the form signs in again with the new password. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { field, handleSubmit, reset, setError, formError, setFormError, busy, setBusy } =
    useSchemaForm(changePasswordSchema);

  async function onSubmit(values: ChangePasswordInput) {
    setFormError(null);
    setBusy(true);
    try {
      await apiRequest('POST', '/api/password/change', values);
    } catch (cause) {
      setBusy(false);
      showApiError(cause, FIELDS, setError, setFormError, 'Could not change the password');
      return;
    }
    await signInWithPassword(email, values.newPassword);
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
        {...field('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
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
