import type { Metadata } from 'next';
import type { Route } from 'next';
import Link from 'next/link';
import { AuditFilters } from '@/components/audit/audit-filters';
import { AuditTable } from '@/components/audit/audit-table';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { AUDIT_PAGE_SIZE, listAuditLog } from '@/lib/audit/log';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { formatCount } from '@/lib/format';
import { auditQuerySchema } from '@/lib/validation/audit';

export const metadata: Metadata = { title: 'Audit log' };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function AuditLogPage({ searchParams }: PageProps<'/dashboard/audit'>) {
  const actor = await requirePageAdmin('/dashboard/audit');
  const raw = Object.fromEntries(
    Object.entries(await searchParams).map(([key, value]) => [key, single(value)]),
  );
  const parsed = auditQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const { items, total } = await listAuditLog(actor, query);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const pageHref = (page: number) => {
    const params = new URLSearchParams(
      Object.entries(raw).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    params.set('page', String(page));
    return `/dashboard/audit?${params}` as Route;
  };
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <PageHeader
        id="audit-heading"
        title="Audit log"
        description="Every admin action and admin sign-in, newest first. Entries can not be changed."
      />
      <AuditFilters query={parsed.success ? query : {}} />
      {!parsed.success && (
        <p role="alert" className="text-error">
          {parsed.error.issues[0]?.message}
        </p>
      )}
      <p role="status" className="text-sm text-base-content/75">
        {formatCount(total)} {total === 1 ? 'entry' : 'entries'}
      </p>
      {items.length === 0 ? (
        <EmptyState message="No admin action matches these filters." />
      ) : (
        <AuditTable items={items} />
      )}
      {pages > 1 && (
        <nav aria-label="Audit log pages" className="join self-center">
          {query.page > 1 && (
            <Link className="btn join-item btn-sm" href={pageHref(query.page - 1)}>
              Previous
            </Link>
          )}
          <span className="btn join-item btn-sm no-animation pointer-events-none">
            Page {query.page} of {pages}
          </span>
          {query.page < pages && (
            <Link className="btn join-item btn-sm" href={pageHref(query.page + 1)}>
              Next
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
