import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { orderAgain } from '@/lib/cart/order-again';
import { otherMethods, readBody, route } from '@/lib/http';
import { orderAgainSchema } from '@/lib/validation/cart';

/** "Order again": `{ orderId }` or `{ checkoutId }` → `{ added, problems: [{ toolId, name, message }] }`. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, orderAgainSchema);
  return Response.json(await orderAgain(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
