import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import Link from 'next/link';
import { GoBackButton } from '@/components/orders/go-back-button';
import { OrderForm } from '@/components/orders/order-form';
import { ProductDetails } from '@/components/products/product-details';
import { QuoteRequest } from '@/components/quotes/quote-request';
import { requirePageActor } from '@/lib/auth/page-guards';
import { AppError } from '@/lib/errors';
import { getTool } from '@/lib/tools/catalogue';
import { myPrices } from '@/lib/tools/my-prices';
import { termsOfTool } from '@/lib/tools/pricing';
import { productPath } from '@/lib/tools/product-path';
import { isOutOfStock } from '@/lib/tools/stock';
import { getUser } from '@/lib/users/accounts';

// One database read per request, shared by generateMetadata and the page.
const loadTool = cache(async (id: string) => {
  try {
    return await getTool(id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: PageProps<'/tools/[id]'>): Promise<Metadata> {
  const tool = await loadTool((await params).id);
  return { title: tool.name, description: tool.about };
}

export default async function ToolPage({ params }: PageProps<'/tools/[id]'>) {
  const { id } = await params;
  const actor = await requirePageActor(`/tools/${id}`);
  const [tool, profile] = await Promise.all([loadTool(id), getUser(actor, actor.email)]);
  // A signed-in page, rendered per request: the buyer's company prices are read with it, never cached.
  const mine = await myPrices(actor, [tool._id]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-lg font-semibold">Welcome, {actor.name}</p>
          <p>
            {actor.email}{' '}
            <span className="text-base-content/80">We will contact you there if needed</span>
          </p>
        </div>
        <GoBackButton />
      </div>

      <ProductDetails tool={tool}>
        <Link href={productPath(tool)} className="link link-hover w-fit text-sm">
          Product page and reviews
        </Link>
        {isOutOfStock(tool) ? (
          // Nothing to order until an admin restocks it: no form that could only be refused.
          <p role="status" className="badge badge-lg badge-outline">
            Out of stock
          </p>
        ) : (
          <OrderForm
            email={actor.email}
            contact={{ address: profile.address ?? '', phone: profile.phone ?? '' }}
            company={termsOfTool(mine, tool._id)}
            tool={{
              _id: tool._id,
              name: tool.name,
              price: tool.price,
              quantity: tool.quantity,
              min_quantity: tool.min_quantity,
              priceBreaks: tool.priceBreaks,
            }}
          />
        )}
        {/* More than the stock or the breaks cover, or out of stock: the shop prices it (a quote). */}
        <div className="flex flex-col items-start gap-2 border-t border-base-300 pt-3">
          <p className="text-sm text-base-content/75">
            Need more than we stock, or a price for a larger run?
          </p>
          <QuoteRequest
            lines={[
              { toolId: tool._id, name: tool.name, quantity: Math.max(tool.min_quantity, 1) },
            ]}
          />
        </div>
      </ProductDetails>
    </div>
  );
}
