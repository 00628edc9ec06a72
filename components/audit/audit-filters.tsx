import { BUTTON } from '@/components/ui/buttons';
import { AUDIT_ACTIONS, type AuditQuery } from '@/lib/validation/audit';

/** The audit log's filters: a plain GET form, so the filtered list has an address and works without scripts. */
export function AuditFilters({ query }: { query: Partial<AuditQuery> }) {
  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      method="get"
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="audit-actor">Admin</label>
        <input
          id="audit-actor"
          name="actor"
          type="search"
          defaultValue={query.actor ?? ''}
          placeholder="admin@example.com"
          className="input input-sm w-56"
        />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="audit-action">Action</label>
        <select
          id="audit-action"
          name="action"
          defaultValue={query.action ?? ''}
          className="select select-sm w-56"
        >
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="audit-from">From</label>
        <input
          id="audit-from"
          name="from"
          type="date"
          defaultValue={query.from ?? ''}
          className="input input-sm"
        />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="audit-to">To</label>
        <input
          id="audit-to"
          name="to"
          type="date"
          defaultValue={query.to ?? ''}
          className="input input-sm"
        />
      </div>
      <button type="submit" className={`${BUTTON.quiet} btn-sm`}>
        Filter
      </button>
    </form>
  );
}
