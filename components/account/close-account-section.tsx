'use client';

import { useState } from 'react';
import { FormError } from '@/components/auth/form-error';
import { replaceDocumentWith } from '@/components/auth/identity-navigation';
import { signOutCompletely } from '@/components/auth/sign-out';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/forms/text-field';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { CloseAccountInput } from '@/lib/validation/users';

interface CloseAccountSectionProps {
  hasPassword: boolean;
  twoFactorOn: boolean;
}

/**
 * Close my account. The first try sends nothing more: a sign-in within the last 10 minutes is enough. When the
 * shop answers that it wants a confirmation (the original's requires-recent-login), the dialog asks for the
 * password or a two-factor code, or offers to sign in again.
 */
export function CloseAccountSection({ hasPassword, twoFactorOn }: CloseAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [input, setInput] = useState<CloseAccountInput>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function closeAccount() {
    setBusy(true);
    setFormError(null);
    setFieldErrors({});
    try {
      await apiRequest('DELETE', '/api/account', confirming ? input : {});
      await signOutCompletely();
      replaceDocumentWith('/');
    } catch (cause) {
      setBusy(false);
      if (cause instanceof ApiError && cause.status === 403 && !confirming) {
        setConfirming(true);
        return;
      }
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0) {
        setFieldErrors(cause.fields);
        return;
      }
      setFormError(cause instanceof Error ? cause.message : 'Could not close the account');
    }
  }

  async function signInAgain() {
    await signOutCompletely();
    replaceDocumentWith('/login?from=%2Fdashboard');
  }

  return (
    <section aria-labelledby="close-account-heading" className="flex flex-col gap-3">
      <h3 id="close-account-heading" className="text-lg font-semibold">
        Close my account
      </h3>
      <p className="text-sm">
        Closing your account cancels your unpaid orders, keeps paid orders for our records without
        your name and email, and signs you out everywhere. This can not be undone.
      </p>
      <div className="card-actions justify-end">
        <button type="button" className="btn btn-error btn-outline" onClick={() => setOpen(true)}>
          Close my account
        </button>
      </div>
      <ConfirmDialog
        message="Close your account?"
        open={open}
        confirmLabel="Close my account"
        onConfirm={() => void closeAccount()}
        onCancel={() => setOpen(false)}
        busy={busy}
      >
        <div className="mt-3 flex flex-col gap-3">
          <p>Your unpaid orders will be cancelled. This can not be undone.</p>
          {confirming && (
            <>
              <p role="alert" className="text-sm">
                Please confirm it is you: you signed in more than 10 minutes ago.
              </p>
              {hasPassword && (
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  error={fieldErrors.password}
                  value={input.password ?? ''}
                  onChange={(event) => setInput({ ...input, password: event.target.value })}
                />
              )}
              {twoFactorOn && (
                <TextField
                  label="Two-factor code"
                  autoComplete="one-time-code"
                  error={fieldErrors.code}
                  value={input.code ?? ''}
                  onChange={(event) => setInput({ ...input, code: event.target.value })}
                />
              )}
              <button
                type="button"
                className="btn btn-link btn-sm self-start px-0"
                onClick={() => void signInAgain()}
              >
                Sign in again instead
              </button>
            </>
          )}
          <FormError message={formError} />
        </div>
      </ConfirmDialog>
    </section>
  );
}
