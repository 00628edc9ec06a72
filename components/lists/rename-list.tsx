'use client';

import { useState } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { ApiError, apiRequest } from '@/lib/client/api';
import type { ListDto } from '@/lib/types';

/** "Rename": a list's new name (PUT /api/lists/{id} with `name` alone keeps its lines). */
export function RenameList({
  listId,
  name,
  onRenamed,
}: {
  listId: string;
  name: string;
  onRenamed: (list: ListDto) => void;
}) {
  const [draft, setDraft] = useState(name);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function rename(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      onRenamed(await apiRequest<ListDto>('PUT', `/api/lists/${listId}`, { name: draft }));
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.fields.name ? cause.fields.name : errorMessage(cause),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={rename}
      className="flex max-w-md flex-wrap items-end gap-2"
      aria-label="Rename the list"
    >
      <div className="flex-1">
        <FormField id="list-name" label="List name" error={error}>
          <input
            type="text"
            maxLength={80}
            className="input w-full"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            {...fieldAria('list-name', error)}
          />
        </FormField>
      </div>
      <button type="submit" className="btn btn-outline" disabled={pending || draft === name}>
        Rename
      </button>
    </form>
  );
}
