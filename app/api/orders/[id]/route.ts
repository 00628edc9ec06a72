import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { getOrder } from '@/lib/orders/queries';

export const GET = route<RouteContext<'/api/orders/[id]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await getOrder(actor, (await params).id));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
