import { NavButton } from '@/components/nav-button';
import { Price } from '@/components/price';
import { Sku } from '@/components/products/sku';
import { formatPieces } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

interface ToolCardProps {
  tool: ToolDto;
  /** the first card may be on screen at load, so its image is not lazy */
  eager?: boolean;
}

export function ToolCard({ tool, eager = false }: ToolCardProps) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm sm:card-side">
      <figure className="bg-base-200 sm:w-2/5 sm:shrink-0">
        {/* eslint-disable-next-line @next/next/no-img-element -- admins may enter any external image URL, which next/image would reject without a remote pattern */}
        <img
          src={tool.image || '/images/placeholder-tool.svg'}
          alt={tool.name}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-4/3 h-full w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <div>
          <h3 id={`tool-${tool._id}`} className="card-title text-xl">
            {tool.name}
          </h3>
          <Sku sku={tool.sku} />
        </div>
        <p className="line-clamp-4 text-base-content/75">{tool.about}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="sr-only">Price</dt>
            <dd>
              <Price amount={tool.price} className="text-2xl font-bold text-primary" /> per unit
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
        <div className="card-actions mt-auto justify-end">
          <NavButton
            href={`/tools/${tool._id}`}
            className="btn btn-primary"
            describedBy={`tool-${tool._id}`}
          >
            Order
          </NavButton>
        </div>
      </div>
    </article>
  );
}
