import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { orderList } from '@/lib/lists/order-list';
import { orderListSchema } from '@/lib/validation/lists';

type Context = RouteContext<'/api/lists/[id]/cart'>;

/** `{ lines?: [{ sku | toolId, quantity? }] }` orders the list (or those lines) into the cart → `{ added, problems }`. */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, orderListSchema);
  return Response.json(await orderList(actor, (await params).id, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
