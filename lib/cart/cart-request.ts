import { getActor } from '@/lib/auth/caller';
import { forgetGuestCartCookie, guestCartCookie, guestCartIdOf } from '@/lib/cart/guest-cookie';
import { mergeGuestCart } from '@/lib/cart/merge';
import { isGuest, type Shopper } from '@/lib/cart/store';
import { clientAddress } from '@/lib/client-request';
import type { CartMergeDto } from '@/lib/types';

export interface CartCaller {
  shopper: Shopper;
  /** The JSON answer, with what a merge did (`merged`) and the guest cart's cookie set, kept or forgotten. */
  answer(body: object, init?: ResponseInit): Response;
}

/**
 * Who a cart route works for: the signed-in account, or the visitor's guest cart (its cookie). A signed-in caller
 * still carrying a guest cart's cookie has just signed in (or up, by any provider): that cart is merged into the
 * account's first, the answer says what changed and forgets the cookie. The navbar asks for the cart on every page, so
 * this happens on the first page after signing in (docs/DECISIONS.md, "A cart before signing in").
 */
export async function cartCaller(request: Request): Promise<CartCaller> {
  const actor = await getActor(request);
  const guestCartId = guestCartIdOf(request.headers);
  let merged: CartMergeDto | null = null;
  if (actor && guestCartId) merged = await mergeGuestCart(actor, guestCartId);
  const shopper: Shopper = actor ?? { guestCartId, address: clientAddress(request) };
  return {
    shopper,
    answer(body, init) {
      const response = Response.json(merged ? { ...body, merged } : body, init);
      if (!isGuest(shopper)) {
        if (guestCartId)
          response.headers.append('Set-Cookie', forgetGuestCartCookie(request.headers));
      } else if (
        shopper.guestCartId &&
        (shopper.guestCartId !== guestCartId || request.method !== 'GET')
      ) {
        // Every change keeps the cookie as long as the cart (30 days from the last change).
        response.headers.append(
          'Set-Cookie',
          guestCartCookie(request.headers, shopper.guestCartId),
        );
      }
      return response;
    },
  };
}
