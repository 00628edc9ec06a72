'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { ApiError, apiRequest } from '@/lib/client/api';

/** "New list": an empty list with a name, to fill from product pages. */
export function NewListForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      const { listId } = await apiRequest<{ listId: string }>('POST', '/api/lists', { name });
      router.push(`/dashboard/lists/${listId}` as Route);
    } catch (cause) {
      setError(
        cause instanceof ApiError && cause.fields.name ? cause.fields.name : errorMessage(cause),
      );
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={create}
      className="flex max-w-md flex-col gap-2"
      aria-labelledby="new-list-title"
    >
      <h3 id="new-list-title" className="text-lg font-semibold">
        New list
      </h3>
      <FormField id="new-list-name" label="List name" error={error}>
        <input
          type="text"
          maxLength={80}
          className="input w-full"
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldAria('new-list-name', error)}
        />
      </FormField>
      <button type="submit" className="btn btn-outline w-fit" disabled={pending}>
        Create list
      </button>
    </form>
  );
}
