import { DataTable, type Column } from '@/components/tables/data-table';
import type { AuditItem } from '@/lib/audit/log';
import { formatDateTime } from '@/lib/format';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/validation/audit';

const labelOf = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

/** before → after, one line per field ("price: 12.5 → 14"). */
function Change({ item }: { item: AuditItem }) {
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])];
  if (keys.length === 0) return <span className="text-base-content/60">—</span>;
  const show = (values: Record<string, unknown> | null, key: string) =>
    values && key in values ? JSON.stringify(values[key]) : '—';
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {keys.map((key) => (
        <li key={key} className="break-all">
          <span className="font-medium">{key}</span>: {show(item.before, key)} →{' '}
          {show(item.after, key)}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly Column<AuditItem>[] = [
  { header: 'When', cell: (item) => formatDateTime(item.at), rowHeader: true },
  { header: 'Admin', cell: (item) => <span className="break-all">{item.actorEmail}</span> },
  { header: 'Action', cell: (item) => labelOf(item.action), card: 'none' },
  { header: 'Target', cell: (item) => item.target },
  { header: 'Change', cell: (item) => <Change item={item} /> },
  { header: 'Address', cell: (item) => item.ip ?? '—' },
];

export function AuditTable({ items }: { items: AuditItem[] }) {
  return (
    <DataTable
      caption="Audit log"
      columns={COLUMNS}
      rows={items}
      rowKey={(item) => `${item.at}|${item.action}|${item.target}|${item.actorEmail}`}
      cardTitle={(item) => labelOf(item.action)}
    />
  );
}
