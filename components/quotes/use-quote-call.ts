'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { ApiError, apiRequest } from '@/lib/client/api';
import { useIdempotencyKey } from '@/lib/client/idempotency-key';

/**
 * One write of a quote screen: sent once at a time (the button waits), with an Idempotency-Key so a lost answer
 * retried writes nothing twice; the refusal's reason is kept for the form, the page re-read after success.
 */
export function useQuoteCall() {
  const router = useRouter();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  // A second click before the re-render that disables the button would read a stale `busy`.
  const inFlight = useRef(false);

  async function send<T>(
    method: string,
    url: string,
    body: unknown,
    success?: string,
  ): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const answer = await apiRequest<T>(method, url, body, {
        'Idempotency-Key': idempotency.keyFor({ url, body }),
      });
      idempotency.answered();
      if (success) toast.success(success, { id: url });
      router.refresh();
      return answer;
    } catch (cause) {
      if (cause instanceof ApiError && cause.status < 500) idempotency.answered();
      const message = errorMessage(cause);
      setError(message);
      setFields(cause instanceof ApiError ? (cause.fields ?? {}) : {});
      toast.error(message, { id: url });
      if (cause instanceof ApiError && cause.status === 409) router.refresh();
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { send, busy, error, fields, setError };
}
