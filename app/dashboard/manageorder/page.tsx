import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { AllOrdersTable } from '@/components/orders/all-orders-table';
import { requirePageAdmin } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'All Orders' };

export default async function ManageOrdersPage() {
  await requirePageAdmin('/dashboard/manageorder');
  return (
    <section aria-labelledby="all-orders-title" className="flex flex-col gap-4">
      <PageHeading id="all-orders-title">All Orders</PageHeading>
      <AllOrdersTable />
    </section>
  );
}
