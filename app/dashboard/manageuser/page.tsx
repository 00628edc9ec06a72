import type { Metadata, Route } from 'next';
import Link from 'next/link';
import { PageHeading } from '@/components/dashboard/page-heading';
import { UserSearchForm } from '@/components/dashboard/user-search-form';
import { UsersTable } from '@/components/dashboard/users-table';
import { EmptyState } from '@/components/ui/empty-state';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { formatCount } from '@/lib/format';
import { searchUsers, USER_PAGE_SIZE } from '@/lib/users/directory';
import { userListQuerySchema } from '@/lib/validation/users';

export const metadata: Metadata = { title: 'All Users' };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function ManageUsersPage({
  searchParams,
}: PageProps<'/dashboard/manageuser'>) {
  const actor = await requirePageAdmin('/dashboard/manageuser');
  const params = await searchParams;
  const parsed = userListQuerySchema.safeParse({ q: single(params.q), page: single(params.page) });
  const query = parsed.success ? parsed.data : userListQuerySchema.parse({});
  const { users, total } = await searchUsers(actor, query);
  const pages = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const pageHref = (page: number) => {
    const next = new URLSearchParams(query.q ? { q: query.q } : {});
    next.set('page', String(page));
    return `/dashboard/manageuser?${next}` as Route;
  };
  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <PageHeading id="all-users-heading">All Users</PageHeading>
      <UserSearchForm q={query.q} />
      {!parsed.success && (
        <p role="alert" className="text-error">
          {parsed.error.issues[0]?.message}
        </p>
      )}
      <p role="status" className="text-sm text-base-content/75">
        {formatCount(total)} {total === 1 ? 'user' : 'users'}
        {query.q ? ` matching “${query.q}”` : ''}
      </p>
      {users.length === 0 ? (
        <EmptyState message="No user matches this search." />
      ) : (
        <UsersTable
          users={users}
          firstIndex={(query.page - 1) * USER_PAGE_SIZE + 1}
          currentUserId={actor.userId}
        />
      )}
      {pages > 1 && (
        <nav aria-label="All Users pages" className="join self-center">
          {query.page > 1 && (
            <Link className="btn join-item" href={pageHref(query.page - 1)}>
              Previous
            </Link>
          )}
          <span className="btn join-item no-animation pointer-events-none">
            Page {query.page} of {pages}
          </span>
          {query.page < pages && (
            <Link className="btn join-item" href={pageHref(query.page + 1)}>
              Next
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
