import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { UsersTable } from '@/components/dashboard/users-table';
import { requirePageAdmin } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'All Users' };

export default async function ManageUsersPage() {
  const actor = await requirePageAdmin('/dashboard/manageuser');
  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <PageHeading id="all-users-heading">All Users</PageHeading>
      <UsersTable currentUserId={actor.userId} />
    </section>
  );
}
