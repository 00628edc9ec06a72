import { statusLabel } from '@/components/ui/status-badge';
import { BUTTON, ROW_BUTTON } from '@/components/ui/buttons';
import { QUOTE_STATUSES } from '@/lib/types';
import type { QuoteListQuery } from '@/lib/validation/quotes';

/** The admin's filters of Quotes: a plain GET form, so a filtered list has an address and works without script. */
export function QuoteFilters({ current }: { current: Partial<QuoteListQuery> }) {
  return (
    <form
      method="get"
      action="/dashboard/quotes"
      className="flex flex-wrap items-end gap-3"
      role="search"
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        Status
        <select name="status" defaultValue={current.status ?? ''} className="select select-sm w-40">
          <option value="">All statuses</option>
          {QUOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Customer
        <input
          name="customer"
          type="search"
          defaultValue={current.customer ?? ''}
          placeholder="Name or email"
          className="input input-sm w-56"
        />
      </label>
      <button type="submit" className={`${BUTTON.quiet} ${ROW_BUTTON}`}>
        Filter
      </button>
    </form>
  );
}
