import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { OpenInvoicesTable } from '@/components/invoices/open-invoices-table';
import { AllOrdersTable } from '@/components/orders/all-orders-table';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { listOpenInvoices } from '@/lib/invoices/queries';

export const metadata: Metadata = { title: 'All Orders' };

export default async function ManageOrdersPage() {
  const actor = await requirePageAdmin('/dashboard/manageorder');
  const open = await listOpenInvoices(actor);
  return (
    <section aria-labelledby="all-orders-title" className="flex flex-col gap-4">
      <PageHeading id="all-orders-title">All Orders</PageHeading>
      {open.length > 0 && (
        <section aria-labelledby="open-invoices-title" className="flex flex-col gap-2">
          <h2 id="open-invoices-title" className="text-xl font-semibold">
            Open invoices
          </h2>
          <OpenInvoicesTable invoices={open} admin />
        </section>
      )}
      <AllOrdersTable />
    </section>
  );
}
