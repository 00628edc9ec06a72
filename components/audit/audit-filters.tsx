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
      <label className="flex flex-col gap-1 text-sm">
        Admin
        <input
          name="actor"
          type="search"
          defaultValue={query.actor ?? ''}
          placeholder="admin@example.com"
          className="input input-sm w-56"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Action
        <select name="action" defaultValue={query.action ?? ''} className="select select-sm w-56">
          <option value="">All actions</option>
          {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        From
        <input name="from" type="date" defaultValue={query.from ?? ''} className="input input-sm" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        To
        <input name="to" type="date" defaultValue={query.to ?? ''} className="input input-sm" />
      </label>
      <button type="submit" className={`${BUTTON.quiet} btn-sm`}>
        Filter
      </button>
    </form>
  );
}
