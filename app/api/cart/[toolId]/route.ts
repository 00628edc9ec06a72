import { removeCartLine, setCartLine } from '@/lib/cart/cart';
import { cartCaller } from '@/lib/cart/cart-request';
import { otherMethods, readBody, route } from '@/lib/http';
import { cartQuantitySchema } from '@/lib/validation/cart';

type Context = RouteContext<'/api/cart/[toolId]'>;

export const PUT = route<Context>(async (request, { params }) => {
  const caller = await cartCaller(request);
  const { quantity } = await readBody(request, cartQuantitySchema);
  return caller.answer(await setCartLine(caller.shopper, (await params).toolId, quantity));
});

export const DELETE = route<Context>(async (request, { params }) => {
  const caller = await cartCaller(request);
  return caller.answer(await removeCartLine(caller.shopper, (await params).toolId));
});

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
