import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { OpenInvoicesTable } from '@/components/invoices/open-invoices-table';
import { OrderDocumentsTable } from '@/components/orders/order-documents-table';
import { OrderFilters } from '@/components/orders/order-filters';
import { PageLinks } from '@/components/tables/page-links';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { listOpenInvoices } from '@/lib/invoices/queries';
import { listOrderDocuments } from '@/lib/orders/document-list';
import { adminOrderQuerySchema } from '@/lib/validation/orders';

export const metadata: Metadata = { title: 'All Orders' };

/** All Orders' filters as they stand in the address (so a filtered list can be linked and reloaded). */
const FILTER_KEYS: readonly string[] = ['status', 'q', 'from', 'to'];

/** All Orders are read this many at a time. */
const PAGE_SIZE = 50;

export default async function ManageOrdersPage({
  searchParams,
}: PageProps<'/dashboard/manageorder'>) {
  const actor = await requirePageAdmin('/dashboard/manageorder');
  const asked = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first && FILTER_KEYS.includes(key)) asked.set(key, first);
  }
  const parsed = adminOrderQuerySchema.safeParse({
    ...Object.fromEntries(asked),
    page: (await searchParams).page,
    limit: PAGE_SIZE,
  });
  const { page, limit, ...filter } = parsed.success
    ? parsed.data
    : { page: 1, limit: PAGE_SIZE, q: undefined };
  const [open, documents] = await Promise.all([
    listOpenInvoices(actor),
    listOrderDocuments(actor, { page, limit }, filter),
  ]);
  const hrefOf = (to: number) => {
    const query = new URLSearchParams(asked);
    if (to > 1) query.set('page', String(to));
    return query.size ? `/dashboard/manageorder?${query}` : '/dashboard/manageorder';
  };
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
      <div className="flex flex-col gap-3">
        <OrderFilters key={asked.toString()} query={asked.toString()} />
        {!parsed.success && (
          <p role="alert" className="text-error">
            {parsed.error.issues[0]?.message}
          </p>
        )}
        {documents.length === 0 && page === 1 ? (
          <p>{asked.size ? 'No orders match these filters.' : 'There are no orders yet.'}</p>
        ) : (
          <>
            <OrderDocumentsTable documents={documents} first={(page - 1) * limit + 1} />
            <PageLinks
              label="Order pages"
              page={page}
              pageSize={limit}
              shown={documents.length}
              hrefOf={hrefOf}
            />
          </>
        )}
      </div>
    </section>
  );
}
