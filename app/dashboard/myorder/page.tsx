import type { Metadata } from 'next';
import { MyOrdersTable } from '@/components/orders/my-orders-table';
import { EmailAddress } from '@/components/ui/email-address';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  const actor = await requirePageActor('/dashboard/myorder');
  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <PageHeader
        id="my-orders-title"
        title="My Orders"
        description={
          // Every order here is the buyer's own: their Name and Email once, not on every row.
          <>
            Orders placed by <span className="font-medium text-base-content">{actor.name}</span> (
            <EmailAddress email={actor.email} />)
          </>
        }
      />
      <MyOrdersTable email={actor.email} />
    </section>
  );
}
