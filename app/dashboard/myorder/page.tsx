import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { MyOrdersTable } from '@/components/orders/my-orders-table';
import { requirePageActor } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  const actor = await requirePageActor('/dashboard/myorder');
  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <PageHeading id="my-orders-title">My Orders</PageHeading>
      <MyOrdersTable email={actor.email} />
    </section>
  );
}
