import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { removeCartLine, setCartLine } from '@/lib/cart/cart';
import { otherMethods, readBody, route } from '@/lib/http';
import { cartQuantitySchema } from '@/lib/validation/cart';

type Context = RouteContext<'/api/cart/[toolId]'>;

export const PUT = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { quantity } = await readBody(request, cartQuantitySchema);
  return Response.json(await setCartLine(actor, (await params).toolId, quantity));
});

export const DELETE = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await removeCartLine(actor, (await params).toolId));
});

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
