import { cartCaller } from '@/lib/cart/cart-request';
import { addCartLines } from '@/lib/cart/quick-order';
import { otherMethods, readBody, route } from '@/lib/http';
import { cartLinesSchema } from '@/lib/validation/cart';

/** Quick order: `{ lines: [{ sku, quantity }] }` → `{ added, problems: [{ line, message }] }`. */
export const POST = route(async (request) => {
  const caller = await cartCaller(request);
  const input = await readBody(request, cartLinesSchema);
  return caller.answer(await addCartLines(caller.shopper, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
