import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';
import { createShipment } from '@/lib/orders/shipments';
import { shipmentSchema } from '@/lib/validation/shipments';

type Context = RouteContext<'/api/checkout/[id]/shipments'>;

/** Ship: `{ lines: [{ orderId, quantity }], carrier?, trackingNumber? }`, reserved pieces of the order (admin). */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireAdmin(await getActor(request));
  const input = await readBody(request, shipmentSchema);
  const id = (await params).id;
  return Response.json(await createShipment(actor, id, input, mailOrigin()), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
