import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { ReviewCard } from '@/components/home/review-card';
import { NavButton } from '@/components/nav-button';
import { ProductCartForm } from '@/components/products/product-cart-form';
import { ProductDetails } from '@/components/products/product-details';
import { JsonLd } from '@/components/seo/json-ld';
import { BUTTON } from '@/components/ui/buttons';
import { AppError } from '@/lib/errors';
import { listToolReviews } from '@/lib/reviews';
import { pageMetadata, requestMetadata } from '@/lib/seo/page-metadata';
import { productPageJsonLd } from '@/lib/seo/structured-data';
import { siteOrigin } from '@/lib/site-origin';
import { getToolBySku } from '@/lib/tools/product';
import { productPath } from '@/lib/tools/product-path';
import { isOutOfStock } from '@/lib/tools/stock';

// One read per request, shared by generateMetadata and the page.
const loadTool = cache(async (sku: string) => {
  try {
    return await getToolBySku(decodeURIComponent(sku));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({
  params,
}: PageProps<'/products/[sku]'>): Promise<Metadata> {
  const tool = await loadTool((await params).sku);
  return requestMetadata(
    pageMetadata({ title: tool.name, description: tool.about, path: productPath(tool) }),
  );
}

/** A tool's public page: everything a buyer weighs before ordering, readable without an account. */
export default async function ProductPage({ params }: PageProps<'/products/[sku]'>) {
  const { sku } = await params;
  const tool = await loadTool(sku);
  // One address per product: "tool-1001" and "TOOL-1001" are the same part, shown at its canonical URL.
  if (sku !== tool.sku) permanentRedirect(productPath(tool));
  const [reviews, origin] = await Promise.all([listToolReviews(tool.name), siteOrigin()]);
  const outOfStock = isOutOfStock(tool);
  const average =
    reviews.length > 0
      ? reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length
      : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <JsonLd data={productPageJsonLd(origin, tool, reviews)} />
      <nav aria-label="Breadcrumb" className="text-sm text-base-content/75">
        <Link href="/tools" className="link link-hover">
          Catalogue
        </Link>{' '}
        / <span aria-current="page">{tool.name}</span>
      </nav>

      <ProductDetails
        tool={tool}
        rating={average === null ? null : { average, count: reviews.length }}
      >
        <div className="flex flex-col gap-4">
          {outOfStock ? (
            <p className="badge badge-lg badge-outline">Out of stock</p>
          ) : (
            <>
              {/* The order page itself sits behind the login, which returns here after signing in. */}
              <NavButton
                href={`/tools/${tool._id}`}
                className={`${BUTTON.primary} btn-lg w-full sm:w-auto`}
                describedBy="product-title"
              >
                Order
              </NavButton>
              <ProductCartForm tool={tool} />
            </>
          )}
        </div>
      </ProductDetails>

      <section id="reviews" aria-labelledby="reviews-title" className="flex flex-col gap-4">
        <h2 id="reviews-title" className="text-2xl font-semibold">
          Reviews
        </h2>
        {reviews.length === 0 ? (
          <p className="text-base-content/75">No reviews of this tool yet.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <ReviewCard key={review._id} review={review} showTool={false} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
