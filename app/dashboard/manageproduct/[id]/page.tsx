import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PageHeading } from '@/components/dashboard/page-heading';
import { ProductForm } from '@/components/products/product-form';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { getTool } from '@/lib/tools/catalogue';

export const metadata: Metadata = { title: 'Edit Product' };

export default async function EditProductPage({
  params,
}: PageProps<'/dashboard/manageproduct/[id]'>) {
  const { id } = await params;
  await requirePageAdmin(`/dashboard/manageproduct/${id}`);
  const tool = await getTool(id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });
  return (
    <section aria-labelledby="edit-product-title" className="flex flex-col gap-4">
      <PageHeading id="edit-product-title">Edit Product</PageHeading>
      <p>
        Orders already placed keep the name, SKU and unit price they were placed at.{' '}
        <Link href="/dashboard/manageproduct" className="link link-primary">
          Back to All Products
        </Link>
      </p>
      <ProductForm key={tool._id} tool={tool} />
    </section>
  );
}
