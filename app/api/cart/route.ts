import { readCart } from '@/lib/cart/cart';
import { cartCaller } from '@/lib/cart/cart-request';
import { otherMethods, route } from '@/lib/http';

/** The caller's cart: the account's, or the guest cart its cookie names (an empty one without). */
export const GET = route(async (request) => {
  const caller = await cartCaller(request);
  return caller.answer(await readCart(caller.shopper));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
