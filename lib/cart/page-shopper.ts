import { headers } from 'next/headers';
import { getSessionActor } from '@/lib/auth/caller';
import { guestCartIdOf } from '@/lib/cart/guest-cookie';
import { mergeGuestCart } from '@/lib/cart/merge';
import type { Shopper } from '@/lib/cart/store';
import { clientRequest } from '@/lib/client-request';
import type { CartMergeDto } from '@/lib/types';

/**
 * The cart page's shopper: the signed-in account (merging a guest cart the browser still carries, as the cart's
 * routes do: lib/cart/cart-request.ts) or the visitor's guest cart. A page can not set cookies: the stale cookie
 * names a cart that is gone, and the next cart call forgets it.
 */
export async function pageShopper(): Promise<{
  shopper: Shopper;
  signedIn: boolean;
  merged: CartMergeDto | null;
}> {
  const [actor, requestHeaders] = await Promise.all([getSessionActor(), headers()]);
  const guestCartId = guestCartIdOf(requestHeaders);
  if (actor) {
    const merged = guestCartId ? await mergeGuestCart(actor, guestCartId) : null;
    return { shopper: actor, signedIn: true, merged };
  }
  const address = clientRequest(requestHeaders).address;
  return { shopper: { guestCartId, address }, signedIn: false, merged: null };
}
