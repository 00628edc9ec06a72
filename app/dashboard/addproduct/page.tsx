import type { Metadata } from 'next';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ProductForm } from '@/components/products/product-form';
import { requirePageAdmin } from '@/lib/auth/page-guards';

export const metadata: Metadata = { title: 'Add New Product' };

export default async function AddProductPage() {
  await requirePageAdmin('/dashboard/addproduct');
  return (
    <section aria-labelledby="add-product-title" className="flex flex-col gap-4">
      <PageHeading id="add-product-title">Add New Product</PageHeading>
      <ProductForm />
    </section>
  );
}
