'use client';

import type { Route } from 'next';
import { usePathname, useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { ORDER_STATE_LABELS, ORDER_STATUS_FILTERS } from '@/lib/order-status';

/** Status, order number or email, and a range of dates; applying them goes back to the first page. */
export function OrderFilters({ query }: { query: string }) {
  const filters = new URLSearchParams(query);
  const router = useRouter();
  // The page the filters stand on, as the router reports it: only known at run time.
  const pathname = usePathname() as Route;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) next.set(key, value.trim());
    }
    router.replace(next.size ? `${pathname}?${next}` : pathname, { scroll: false });
  }

  return (
    <form
      role="search"
      aria-label="Filter orders"
      onSubmit={apply}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 md:flex-row md:flex-wrap md:items-end"
    >
      <label className="flex flex-col gap-1 text-sm">
        Status
        <select
          name="status"
          defaultValue={filters.get('status') ?? ''}
          className="select select-sm"
        >
          <option value="">All</option>
          {ORDER_STATUS_FILTERS.map(({ value, state }) => (
            <option key={value} value={value}>
              {ORDER_STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-1 flex-col gap-1 text-sm">
        Order, checkout or PO number, or email
        <input
          type="search"
          name="q"
          maxLength={254}
          defaultValue={filters.get('q') ?? ''}
          placeholder="#1042, C-1001, a PO number or buyer@example.com"
          className="input input-sm w-full"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Placed from
        <input
          type="date"
          name="from"
          defaultValue={filters.get('from') ?? ''}
          className="input input-sm"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        to
        <input
          type="date"
          name="to"
          defaultValue={filters.get('to') ?? ''}
          className="input input-sm"
        />
      </label>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm">
          Apply
        </button>
        <a
          href={`/api/order/export${query ? `?${query}` : ''}`}
          download
          className="btn btn-outline btn-sm"
        >
          Export CSV
        </a>
      </div>
    </form>
  );
}
