import type { Metadata } from 'next';
import { MyOrdersTable } from '@/components/orders/my-orders-table';
import { ORDER_PAGE_SIZE } from '@/components/orders/paged-order-table';
import { EmailAddress } from '@/components/ui/email-address';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/page-guards';
import { readDocuments } from '@/lib/orders/document-reads';
import { listOrdersForEmail } from '@/lib/orders/queries';
import { orderListQuerySchema } from '@/lib/validation/orders';

export const metadata: Metadata = { title: 'My Orders' };

export default async function MyOrdersPage({ searchParams }: PageProps<'/dashboard/myorder'>) {
  const actor = await requirePageActor('/dashboard/myorder');
  // A page number that is not one reads as the first page, as a list's pager never makes one.
  const query = orderListQuerySchema.safeParse({ page: (await searchParams).page });
  const page = query.success ? query.data.page : 1;
  // Read on the server as the REST list answers it (GET /api/order/{email}), so the page works without JavaScript.
  const orders = await listOrdersForEmail(actor, actor.email, { page, limit: ORDER_PAGE_SIZE });
  const keys = [...new Set(orders.map((order) => order.checkoutId))];
  const documents = keys.length > 0 ? await readDocuments(actor, keys) : [];
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
      <MyOrdersTable email={actor.email} initial={{ page, orders, documents }} />
    </section>
  );
}
