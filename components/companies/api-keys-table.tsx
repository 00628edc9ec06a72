import { DataTable, type Column } from '@/components/tables/data-table';
import { formatDateTime, formatDay } from '@/lib/format';
import type { ApiKeyDto } from '@/lib/types';
import { RevokeApiKey } from './revoke-api-key';

const statusOf = (key: ApiKeyDto) =>
  key.revokedAt
    ? `Revoked ${formatDay(key.revokedAt)}`
    : key.status === 'expired'
      ? 'Expired'
      : 'Active';

/** A company's API keys for its owners: never a secret, only the first characters; Revoke on the active ones. */
export function ApiKeysTable({ keys }: { keys: ApiKeyDto[] }) {
  const columns: Column<ApiKeyDto>[] = [
    {
      header: 'Key',
      rowHeader: true,
      card: 'none',
      cell: (key) => (
        <>
          <span className="font-semibold">{key.name}</span>
          <br />
          <code className="text-xs">{key.prefix}…</code>
        </>
      ),
    },
    { header: 'Scopes', cell: (key) => key.scopes.join(', ') },
    {
      header: 'Made',
      cell: (key) => `${formatDay(key.createdAt)} by ${key.createdBy ?? 'a former owner'}`,
    },
    {
      header: 'Last used',
      cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'),
    },
    { header: 'Expires', cell: (key) => formatDay(key.expiresAt) },
    { header: 'Status', cell: (key) => statusOf(key) },
    {
      header: 'Actions',
      card: 'action',
      danger: true,
      cell: (key) => (key.status === 'active' ? <RevokeApiKey apiKey={key} /> : null),
    },
  ];
  return (
    <DataTable
      caption="API keys"
      columns={columns}
      rows={keys}
      rowKey={(key) => key.keyId}
      cardTitle={(key) => key.name}
    />
  );
}
