'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { useId, useState } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { ApiError, apiRequest } from '@/lib/client/api';

/**
 * "Save as list": names a new list made of the cart's lines or one order's (POST /api/lists with `fromCart` or
 * `fromOrder`), then offers to open it.
 */
export function SaveAsListButton({
  source,
  defaultName = '',
}: {
  source: { fromCart: true } | { fromOrder: string };
  defaultName?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ listId: string; name: string } | null>(null);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const answer = await apiRequest<{ listId: string }>('POST', '/api/lists', {
        name,
        ...source,
      });
      setSaved({ listId: answer.listId, name: name.trim() });
      setOpen(false);
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.fields.name ? cause.fields.name : errorMessage(cause),
      );
    } finally {
      setPending(false);
    }
  }

  if (saved) {
    return (
      <p role="status" className="text-sm">
        Saved as the list “{saved.name}”.{' '}
        <Link href={`/dashboard/lists/${saved.listId}` as Route} className="link">
          Open the list
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        Save as list
      </button>
    );
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-2" aria-label="Save as list">
      <FormField id={`${id}-name`} label="List name" error={error ?? undefined}>
        <input
          type="text"
          className="input w-full"
          maxLength={80}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          {...fieldAria(`${id}-name`, error ?? undefined)}
        />
      </FormField>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save list
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
