'use client';

import { useSession } from 'next-auth/react';
import useSWR from 'swr';
import { fetcher } from '@/lib/client/api';
import { termsOfTool } from '@/lib/tools/pricing';
import type { MyPricesDto } from '@/lib/types';

/**
 * The signed-in buyer's company prices of these tools, asked for after the page (which any visitor gets from the
 * shared cache, at catalogue prices) is shown: a function giving each tool's terms for `unitPriceCents`, null while
 * unknown, for a visitor, or without company prices. Every component asking for the same tools shares one request
 * (a catalogue page's cards pass the whole page's ids).
 */
export function useMyPrices(toolIds: readonly string[]) {
  const { status, data: session } = useSession();
  const signedIn = status === 'authenticated' && !session?.twoFactorPending;
  const key =
    signedIn && toolIds.length > 0 ? `/api/prices?tools=${[...toolIds].sort().join(',')}` : null;
  const { data } = useSWR<MyPricesDto>(key, fetcher, { revalidateOnFocus: false });
  return (toolId: string) => termsOfTool(data, toolId);
}
