import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { markShipped } from '@/lib/orders/shipping';
import { originOfRequest } from '@/lib/site-origin';

export const PUT = route<RouteContext<'/api/order/shipped/[id]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await markShipped(actor, (await params).id, originOfRequest(request)));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
