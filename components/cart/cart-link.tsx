'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { formatCount } from '@/lib/format';
import { mergeSummary } from './merge-notice';
import { useNavbarCart } from './use-cart';

/**
 * The navbar's cart: a link with the number of lines, signed in or not. Its request is the first cart call after
 * signing in, the one that merges the cart filled before (lib/cart/cart-request.ts): it says so in a toast.
 */
export function CartLink() {
  const { data } = useNavbarCart();
  // Until the cart is read, its size is unknown: no number rather than a 0 that turns into another.
  const lines = data?.lines.length;
  const merged = data?.merged;
  useEffect(() => {
    if (merged) toast.info(mergeSummary(merged), { id: 'cart-merged', duration: 10_000 });
  }, [merged]);
  return (
    <Link
      href="/cart"
      prefetch={false}
      className="btn btn-ghost btn-sm gap-1 px-2"
      aria-label={
        lines === undefined
          ? 'Cart'
          : `Cart, ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`
      }
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
        {lines === undefined ? <span className="invisible">0</span> : formatCount(lines)}
      </span>
    </Link>
  );
}
