'use client';

import Link from 'next/link';
import { formatCount } from '@/lib/format';
import { useCart } from './use-cart';

/** The navbar's cart: a link with the number of lines, for a signed-in buyer. */
export function CartLink() {
  const { data } = useCart();
  const lines = data?.lines.length ?? 0;
  return (
    <Link
      href="/cart"
      prefetch={false}
      className="btn btn-ghost btn-sm gap-1 px-2"
      aria-label={`Cart, ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.7a1.5 1.5 0 0 0 1.4-1.1L21 8H6.2M9.5 20h.01M17.5 20h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="badge badge-primary badge-sm" data-testid="cart-count">
        {formatCount(lines)}
      </span>
    </Link>
  );
}
