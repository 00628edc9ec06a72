'use client';

import { useState } from 'react';
import { LoadingDots } from '@/components/loading-dots';
import { ApiError, NetworkError } from '@/lib/client/api';

interface ListFallbackProps {
  error: unknown;
  /** What the list holds, for the sentence that says it could not be loaded: "your orders". */
  what: string;
  /** Asks again (SWR's mutate). */
  onRetry: () => Promise<unknown>;
}

/** Why, in words: the server's own message for a refusal, else what most likely happened. */
function reason(error: unknown): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError && error.status < 500) return error.message;
  console.error(error);
  return 'The shop could not answer just now. Please try again in a moment.';
}

/** What a client list shows before it has rows: the pulsing dots while loading, else what went wrong and Retry. */
export function ListFallback({ error, what, onRetry }: ListFallbackProps) {
  const [retrying, setRetrying] = useState(false);
  if (!error) return <LoadingDots />;

  async function retry() {
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap items-center gap-3">
      <div className="flex-1">
        <p className="font-semibold">We could not load {what}.</p>
        <p>{reason(error)}</p>
      </div>
      <button type="button" className="btn btn-sm" disabled={retrying} onClick={() => void retry()}>
        {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Retry
      </button>
    </div>
  );
}
