'use client';

import useSWR from 'swr';
import { fetcher } from '@/lib/client/api';
import type { CartDto } from '@/lib/types';

export const CART_KEY = '/api/cart';

/** The buyer's cart, shared by the navbar's link and the cart's pages (one request, one cache entry). */
export function useCart(options: { enabled?: boolean; fallbackData?: CartDto } = {}) {
  return useSWR<CartDto>(options.enabled === false ? null : CART_KEY, fetcher, {
    fallbackData: options.fallbackData,
  });
}

/**
 * The navbar's copy: asked for once per document. Signing in swaps the navbar's cart link for another; a fresh ask
 * then, with the new session, would merge the guest cart on the sign-in page just before it is replaced, and the
 * toast saying so would be lost (the next page asks again and says it).
 */
export function useNavbarCart() {
  return useSWR<CartDto>(CART_KEY, fetcher, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });
}
