import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ProductForm } from '@/components/products/product-form';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { getTool, toolTaxRate } from '@/lib/tools/catalogue';

export const metadata: Metadata = { title: 'Edit Product' };

export default async function EditProductPage({
  params,
}: PageProps<'/dashboard/manageproduct/[id]'>) {
  const { id } = await params;
  const admin = await requirePageAdmin(`/dashboard/manageproduct/${id}`);
  const missing = (error: unknown): never => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  };
  const [tool, taxRate] = await Promise.all([
    getTool(id).catch(missing),
    toolTaxRate(admin, id).catch(missing),
  ]);
  return (
    <section aria-labelledby="edit-product-title" className="flex flex-col gap-4">
      <PageHeading id="edit-product-title">Edit Product</PageHeading>
      <p>
        Orders already placed keep the name, SKU and unit price they were placed at.{' '}
        <Link href="/dashboard/manageproduct" className="link link-primary">
          Back to All Products
        </Link>
      </p>
      <ProductForm key={tool._id} tool={tool} taxRate={taxRate} />
    </section>
  );
}
