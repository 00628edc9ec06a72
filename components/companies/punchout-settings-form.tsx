'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { TextField } from '@/components/forms/text-field';
import { BUTTON } from '@/components/ui/buttons';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { PunchoutSecretsDto, PunchoutSettingsDto } from '@/lib/types';
import { punchoutSettingsSchema } from '@/lib/validation/punchout-settings';

type Saved = PunchoutSettingsDto & Partial<PunchoutSecretsDto>;

/**
 * Owners: the procurement system's cXML identity and the HOOK_URLs OCI may send carts to. The first save, and "New
 * secrets", answer the SharedSecret and the OCI password, shown here once: the shop keeps only their hashes.
 */
export function PunchoutSettingsForm({ settings }: { settings: PunchoutSettingsDto }) {
  const router = useRouter();
  const hooksId = useId();
  // A click before hydration would submit the form as a plain page request.
  const ready = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  const [domain, setDomain] = useState(settings.configured ? settings.cxmlDomain : 'NetworkID');
  const [identity, setIdentity] = useState(settings.configured ? settings.cxmlIdentity : '');
  const [hooks, setHooks] = useState(settings.configured ? settings.hookUrls.join('\n') : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [secrets, setSecrets] = useState<PunchoutSecretsDto | null>(null);

  function remember(answer: Saved) {
    if (answer.sharedSecret && answer.ociPassword)
      setSecrets({ sharedSecret: answer.sharedSecret, ociPassword: answer.ociPassword });
    router.refresh();
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const input = {
      cxmlDomain: domain,
      cxmlIdentity: identity,
      hookUrls: hooks
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
    const checked = punchoutSettingsSchema.safeParse(input);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues)
        fields[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(fields);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      remember(await apiRequest<Saved>('PUT', '/api/company/punchout', input));
      toast.success('Punch-out saved');
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fields).length > 0) {
        const fields: Record<string, string> = {};
        for (const [field, message] of Object.entries(cause.fields))
          fields[field.split('.')[0]!] ??= message;
        setErrors(fields);
      } else toast.error(errorMessage(cause, 'Could not save punch-out'));
    } finally {
      setPending(false);
    }
  }

  async function renew() {
    setPending(true);
    try {
      remember(await apiRequest<Saved>('POST', '/api/company/punchout/credentials'));
    } catch (cause) {
      toast.error(errorMessage(cause, 'Could not make new secrets'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {secrets && (
        <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
          <p className="font-semibold">
            Give these to your procurement administrator now: they will not be shown again.
          </p>
          <dl className="grid w-full grid-cols-1 gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="font-medium">SharedSecret (cXML)</dt>
            <dd>
              <code data-testid="punchout-shared-secret" className="break-all select-all">
                {secrets.sharedSecret}
              </code>
            </dd>
            <dt className="font-medium">OCI password</dt>
            <dd>
              <code data-testid="punchout-oci-password" className="break-all select-all">
                {secrets.ociPassword}
              </code>
            </dd>
          </dl>
          <button type="button" className={BUTTON.quiet} onClick={() => setSecrets(null)}>
            I have stored them
          </button>
        </div>
      )}
      <form
        onSubmit={save}
        className="flex max-w-xl flex-col gap-2"
        aria-labelledby="punchout-settings-title"
        noValidate
      >
        <h3 id="punchout-settings-title" className="text-lg font-semibold">
          Your procurement system
        </h3>
        <TextField
          label="cXML domain"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          error={errors.cxmlDomain}
        />
        <TextField
          label="cXML identity"
          value={identity}
          onChange={(event) => setIdentity(event.target.value)}
          error={errors.cxmlIdentity}
        />
        <FormField id={hooksId} label="HOOK_URL allow-list (one per line)" error={errors.hookUrls}>
          <textarea
            className={`textarea w-full ${errors.hookUrls ? 'textarea-error' : ''}`}
            rows={3}
            value={hooks}
            onChange={(event) => setHooks(event.target.value)}
            {...fieldAria(hooksId, errors.hookUrls)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={BUTTON.primary} disabled={!ready || pending}>
            Save
          </button>
          {settings.configured && (
            <button
              type="button"
              className={BUTTON.quiet}
              disabled={!ready || pending}
              onClick={() => void renew()}
            >
              New secrets
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
