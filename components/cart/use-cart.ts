'use client';

import useSWR from 'swr';
import { fetcher } from '@/lib/client/api';
import type { CartDto } from '@/lib/types';

export const CART_KEY = '/api/cart';

/** The signed-in buyer's cart, shared by the navbar's link and the cart's pages (one request, one cache entry). */
export function useCart(options: { enabled?: boolean; fallbackData?: CartDto } = {}) {
  return useSWR<CartDto>(options.enabled === false ? null : CART_KEY, fetcher, {
    fallbackData: options.fallbackData,
  });
}
