import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { markShipped } from '@/lib/orders/shipping';
import { mailOrigin } from '@/lib/mail/config';

export const PUT = route<RouteContext<'/api/order/shipped/[id]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await markShipped(actor, (await params).id, mailOrigin()));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
