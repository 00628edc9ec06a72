'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/auth/form-error';
import { showApiError } from '@/components/forms/api-field-errors';
import { TextField } from '@/components/forms/text-field';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { RecoveryCodes } from '@/components/two-factor/recovery-codes';
import { apiRequest } from '@/lib/client/api';
import type { Enrolment, TwoFactorStatus } from '@/lib/two-factor';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '@/lib/validation/two-factor';

type Stage =
  { kind: 'idle' } | { kind: 'scan'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/** The secret as people type it into an app: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** My Profile's two-factor card: set up (QR code, secret, first code, recovery codes) or turn off with a code. */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const { field, handleSubmit, reset, setError, formError, setFormError, busy, setBusy } =
    useSchemaForm(twoFactorCodeSchema);

  async function run(work: () => Promise<void>) {
    setFormError(null);
    setBusy(true);
    try {
      await work();
    } catch (cause) {
      showApiError(cause, ['code'], setError, setFormError, 'Please try again');
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const enrolment = await apiRequest<Enrolment>('POST', '/api/two-factor/setup');
      reset();
      setStage({ kind: 'scan', enrolment });
    });

  const confirm = ({ code }: TwoFactorCodeInput) =>
    run(async () => {
      const { recoveryCodes } = await apiRequest<{ recoveryCodes: string[] }>(
        'POST',
        '/api/two-factor',
        { code },
      );
      reset();
      setStage({ kind: 'codes', codes: recoveryCodes });
    });

  const turnOff = ({ code }: TwoFactorCodeInput) =>
    run(async () => {
      await apiRequest('DELETE', '/api/two-factor', { code });
      reset();
      toast.success('Two-factor authentication is off.');
      router.refresh();
    });

  const codeField = (
    <TextField
      label="Code"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      {...field('code')}
    />
  );

  if (stage.kind === 'codes') {
    return (
      <RecoveryCodes
        codes={stage.codes}
        onDone={() => {
          setStage({ kind: 'idle' });
          router.refresh();
        }}
      />
    );
  }

  if (status.enabled) {
    return (
      <form onSubmit={handleSubmit(turnOff)} noValidate className="flex flex-col gap-3">
        <p>
          Two-factor authentication is <strong>on</strong>. Recovery codes left:{' '}
          {status.recoveryCodesLeft}.
        </p>
        <p className="text-sm text-base-content/70">
          To turn it off, enter a code from your app or a recovery code.
        </p>
        {codeField}
        <FormError message={formError} />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-outline" disabled={busy} aria-busy={busy}>
            Turn off
          </button>
        </div>
      </form>
    );
  }

  if (stage.kind === 'scan') {
    const { enrolment } = stage;
    return (
      <form onSubmit={handleSubmit(confirm)} noValidate className="flex flex-col gap-3">
        <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
        {/* A data: URL drawn on the server: nothing is fetched from elsewhere. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={enrolment.qrCode}
          alt="QR code for your authenticator app"
          width={192}
          height={192}
          className="self-center rounded bg-white"
        />
        <p className="text-sm">
          Can not scan it? Type this key into the app:{' '}
          <code className="font-mono whitespace-normal" data-testid="totp-secret">
            {grouped(enrolment.secret)}
          </code>
        </p>
        {codeField}
        <FormError message={formError} />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            Turn on
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p>
        Two-factor authentication is <strong>off</strong>. With it on, signing in also asks for a
        code from an app on your phone.
      </p>
      <FormError message={formError} />
      <div className="card-actions justify-end">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void start()}
          disabled={busy}
          aria-busy={busy}
        >
          Set up two-factor
        </button>
      </div>
    </div>
  );
}
