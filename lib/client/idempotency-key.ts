'use client';

import { useRef } from 'react';

// getRandomValues, unlike randomUUID, also works on a plain-http address that is not localhost.
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * One Idempotency-Key per attempt at a write: sending the same values again after the answer was lost (the
 * connection died) reuses the key, so the server answers the first result instead of writing twice; once the server
 * has answered, or the values change, the next submission is a new attempt with a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; request: string } | null>(null);
  return {
    keyFor(values: unknown): string {
      const request = JSON.stringify(values);
      if (attempt.current?.request !== request) attempt.current = { key: newKey(), request };
      return attempt.current.key;
    },
    answered(): void {
      attempt.current = null;
    },
  };
}
