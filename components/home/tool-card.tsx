import Link from 'next/link';
import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import { CompanyPriceNote } from '@/components/products/company-price-note';
import { Sku } from '@/components/products/sku';
import { BUTTON } from '@/components/ui/buttons';
import { ToolImage } from '@/components/ui/tool-image';
import { formatPieces } from '@/lib/format';
import { productPath } from '@/lib/tools/product-path';
import { isOutOfStock } from '@/lib/tools/stock';
import type { ToolDto } from '@/lib/types';

/**
 * A catalogue card: its photo and name lead to the public product page, Order to the order page (behind the login).
 * Photos load lazily, first card included: an eager one would be preloaded by every page whose links prefetch this
 * one, and the home page's first card sits below the hero.
 */
export function ToolCard({
  tool,
  pageToolIds,
}: {
  tool: ToolDto;
  /** the page's tools: a company member's own prices of them are asked for at once, after the cached page */
  pageToolIds?: readonly string[];
}) {
  const titleId = `tool-${tool._id}`;
  const href = productPath(tool);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm sm:card-side">
      <figure className="bg-base-200 sm:w-2/5 sm:shrink-0">
        {/* The name below is the same link: one tab stop, and the photo is no second name for it. */}
        <Link href={href} tabIndex={-1} aria-hidden="true" className="block h-full w-full">
          <ToolImage
            src={tool.image}
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-4/3 h-full w-full object-contain"
          />
        </Link>
      </figure>
      <div className="card-body gap-3">
        <div>
          <h3 id={titleId} className="card-title text-xl">
            <Link href={href} className="link-hover">
              {tool.name}
            </Link>
          </h3>
          <Sku sku={tool.sku} />
        </div>
        <p className="line-clamp-4 text-base-content/75">{tool.about}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="sr-only">Price</dt>
            <dd>
              <Price amount={tool.price} className="text-2xl font-bold text-primary" /> per unit
              <CompanyPriceNote
                tool={tool}
                quantity={tool.min_quantity}
                pageToolIds={pageToolIds}
              />
            </dd>
          </div>
          <div>
            <dt className="text-base-content/75">Available</dt>
            <dd className="font-semibold">{formatPieces(tool.quantity)}</dd>
          </div>
          <div>
            <dt className="text-base-content/75">Minimum order</dt>
            <dd className="font-semibold">{formatPieces(tool.min_quantity)}</dd>
          </div>
        </dl>
        <div className="card-actions mt-auto items-center justify-end">
          {isOutOfStock(tool) ? (
            <span className="badge badge-lg badge-outline">Out of stock</span>
          ) : (
            <NavButton href={`/tools/${tool._id}`} className={BUTTON.primary} describedBy={titleId}>
              Order
            </NavButton>
          )}
        </div>
      </div>
    </article>
  );
}
