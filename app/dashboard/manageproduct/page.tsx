import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ProductsTable } from '@/components/products/products-table';
import { requirePageAdmin } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'All Products' };

export default async function ManageProductsPage() {
  await requirePageAdmin('/dashboard/manageproduct');
  return (
    <section aria-labelledby="all-products-title" className="flex flex-col gap-4">
      <PageHeading id="all-products-title">All Products</PageHeading>
      <ProductsTable />
    </section>
  );
}
