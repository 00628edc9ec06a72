'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { ApiError, apiRequest } from '@/lib/client/api';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  apiKeyCreateSchema,
  DEFAULT_KEY_DAYS,
  MAX_KEY_DAYS,
  type ApiKeyScope,
} from '@/lib/validation/api-keys';

/**
 * Owners: a new key with a name, its scopes and its days. The answer's secret is shown here once, with a copy button:
 * the shop keeps only its hash, so it can never be shown again.
 */
export function NewApiKeyForm() {
  const router = useRouter();
  const scopesId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [days, setDays] = useState(String(DEFAULT_KEY_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  async function create(event: React.FormEvent) {
    event.preventDefault();
    const input = { name, scopes, expiresInDays: Number(days) };
    const checked = apiKeyCreateSchema.safeParse(input);
    if (!checked.success) {
      // The first message of each field, keyed as the API's `fields` are ("scopes.0").
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const made = await apiRequest<{ key: string; name: string }>(
        'POST',
        '/api/company/api-keys',
        input,
      );
      setSecret({ name: made.name, key: made.key });
      setName('');
      setScopes([]);
      setDays(String(DEFAULT_KEY_DAYS));
      router.refresh();
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0)
        setErrors(cause.fields);
      else toast.error(errorMessage(cause, 'Could not make the key'));
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.key);
      toast.success('Key copied');
    } catch {
      toast.error('Could not copy: select the key and copy it yourself');
    }
  }

  const scopeError = Object.entries(errors).find(([field]) => field.startsWith('scopes'))?.[1];
  return (
    <div className="flex flex-col gap-4">
      {secret && (
        <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
          <p className="font-semibold">
            Your new key {secret.name}: copy it now, it will not be shown again.
          </p>
          <code
            data-testid="new-api-key"
            className="bg-base-100 text-base-content w-full rounded p-2 text-sm break-all select-all"
          >
            {secret.key}
          </code>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON.primary} onClick={() => void copy()}>
              Copy key
            </button>
            <button type="button" className={BUTTON.quiet} onClick={() => setSecret(null)}>
              I have stored it
            </button>
          </div>
        </div>
      )}
      <form
        onSubmit={create}
        className="flex max-w-md flex-col gap-2"
        aria-labelledby="new-key-title"
        noValidate
      >
        <h3 id="new-key-title" className="text-lg font-semibold">
          New API key
        </h3>
        <TextField
          label="Name (the system that uses it)"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <fieldset className="fieldset" aria-describedby={scopeError ? scopesId : undefined}>
          <legend className="fieldset-legend">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex cursor-pointer items-start gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm mt-0.5"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span>
                <code>{scope}</code>: {API_KEY_SCOPE_LABELS[scope]}
              </span>
            </label>
          ))}
          {scopeError && (
            <p id={scopesId} className="text-error text-sm">
              {scopeError}
            </p>
          )}
        </fieldset>
        <TextField
          label={`Expires after (days, 1 to ${MAX_KEY_DAYS})`}
          type="number"
          min={1}
          max={MAX_KEY_DAYS}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={errors.expiresInDays}
        />
        <button type="submit" className={`${BUTTON.primary} w-fit`} disabled={pending}>
          Make key
        </button>
      </form>
    </div>
  );
}
