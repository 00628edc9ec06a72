'use client';

import type { Route } from 'next';
import Link from 'next/link';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { ApiError, apiRequest, fetcher } from '@/lib/client/api';
import type { ListSummaryDto } from '@/lib/types';

const NEW_LIST = 'new';
export const LISTS_KEY = '/api/lists';

/**
 * "Add to list" on the product page: the product page's quantity of this tool onto one of the buyer's lists (added
 * to its line if the tool is already there), or onto a new list named here.
 */
export function AddToList({ toolId, quantity }: { toolId: string; quantity: number }) {
  const id = useId();
  const { data: lists, mutate } = useSWR<ListSummaryDto[]>(LISTS_KEY, fetcher);
  const [choice, setChoice] = useState<string>('');
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string; listId?: string }>();
  const target = choice || (lists?.[0]?._id ?? NEW_LIST);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setMessage(undefined);
    try {
      const line = { toolId, quantity };
      const listId =
        target === NEW_LIST
          ? (await apiRequest<{ listId: string }>('POST', '/api/lists', { name, lines: [line] }))
              .listId
          : (await apiRequest('POST', `/api/lists/${target}/lines`, line), target);
      const listName =
        target === NEW_LIST ? name.trim() : lists?.find((list) => list._id === target)?.name;
      setMessage({ error: false, text: `Added to the list “${listName}”.`, listId });
      setChoice(listId);
      setName('');
      await mutate();
    } catch (cause) {
      const fields = cause instanceof ApiError ? Object.values(cause.fields) : [];
      setMessage({ error: true, text: fields[0] ?? errorMessage(cause) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={add} className="flex flex-wrap items-end gap-2" aria-label="Add to list">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-list`} className="text-sm font-medium">
          Save to list
        </label>
        <select
          id={`${id}-list`}
          className="select w-56"
          value={target}
          onChange={(event) => setChoice(event.target.value)}
        >
          {lists?.map((list) => (
            <option key={list._id} value={list._id}>
              {list.name}
            </option>
          ))}
          <option value={NEW_LIST}>New list…</option>
        </select>
      </div>
      {target === NEW_LIST && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            New list name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={80}
            className="input w-56"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      )}
      <button type="submit" className="btn btn-outline" disabled={pending}>
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Add to list
      </button>
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`basis-full text-sm ${message.error ? 'text-error' : ''}`}
        >
          {message.text}{' '}
          {message.listId && (
            <Link href={`/dashboard/lists/${message.listId}` as Route} className="link">
              Open the list
            </Link>
          )}
        </p>
      )}
    </form>
  );
}
