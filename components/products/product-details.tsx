import type { ReactNode } from 'react';
import { Price } from '@/components/price';
import { PriceBreakTable } from '@/components/products/price-break-table';
import { Sku } from '@/components/products/sku';
import { unitName } from '@/lib/validation/units';
import { RatingStars } from '@/components/rating-stars';
import { ToolImage } from '@/components/ui/tool-image';
import { formatPieces } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

interface ProductDetailsProps {
  tool: ToolDto;
  /** The reviews' average and count, linked to the page's reviews; left out where the page has none. */
  rating?: { average: number; count: number } | null;
  /** What the buyer does next: the Order button on the public page, the order form on the tool page. */
  children: ReactNode;
}

/**
 * One product as every page shows it (`/products/{sku}` and the order page `/tools/{id}`): photo, name, SKU, price
 * per unit and its breaks, stock and minimum order, what it is; the page adds what the buyer does next.
 */
export function ProductDetails({ tool, rating, children }: ProductDetailsProps) {
  return (
    <article aria-labelledby="product-title" className="grid gap-8 lg:grid-cols-2">
      <figure className="flex items-center justify-center rounded-box bg-base-200 p-6">
        <ToolImage
          src={tool.image}
          alt={tool.name}
          width={480}
          height={360}
          fetchPriority="high"
          className="aspect-4/3 h-auto w-full max-w-md object-contain"
        />
      </figure>
      <div className="flex flex-col gap-4">
        <div>
          <h1 id="product-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {tool.name}
          </h1>
          <Sku sku={tool.sku} />
          {rating && (
            // A <div>, not a <p>: the stars are a <div>, which a <p> can not hold (the HTML parser closes the <p>
            // before it, so the server's page and React's disagree and hydration fails).
            <div className="mt-2 flex items-center gap-2 text-sm">
              <RatingStars rating={rating.average} />
              <a href="#reviews" className="link">
                {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
              </a>
            </div>
          )}
        </div>
        <p className="text-2xl">
          <Price amount={tool.price} className="text-3xl font-bold text-primary" /> per unit
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="rounded-box bg-base-200 px-4 py-3">
            Available quantity: <strong>{formatPieces(tool.quantity)}</strong>
          </p>
          <p className="rounded-box bg-base-200 px-4 py-3">
            Minimum order: <strong>{formatPieces(tool.min_quantity)}</strong>
          </p>
          <p className="rounded-box bg-base-200 px-4 py-3">
            Sold by the <strong>{unitName(tool.unitOfMeasure)}</strong>{' '}
            <abbr title="UN/ECE Recommendation 20 unit code" className="font-mono text-sm">
              {tool.unitOfMeasure}
            </abbr>
          </p>
          {tool.unspsc && (
            <p className="rounded-box bg-base-200 px-4 py-3">
              UNSPSC: <strong className="font-mono">{tool.unspsc}</strong>
            </p>
          )}
        </div>
        <PriceBreakTable tool={tool} id="volume-pricing" />
        {children}
        <section aria-labelledby="about-title">
          <h2 id="about-title" className="mb-2 text-lg font-semibold">
            About this tool
          </h2>
          <p className="whitespace-pre-line text-base-content/85">{tool.about}</p>
        </section>
      </div>
    </article>
  );
}
