import { getActor, resolveCredential } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, readQuery, route } from '@/lib/http';
import { cancelOrder } from '@/lib/orders/cancellation';
import { listOrdersForEmail } from '@/lib/orders/queries';
import { recordPayment } from '@/lib/orders/payment';
import { orderListQuerySchema } from '@/lib/validation/orders';
import { recordPaymentSchema } from '@/lib/validation/payments';
import { mailOrigin } from '@/lib/mail/config';

// One segment, two meanings in the REST contract: GET /order/{email}; DELETE and PATCH /order/{id}.
export const GET = route<RouteContext<'/api/order/[key]'>>(async (request, { params }) => {
  const credential = await resolveCredential(request);
  const page = readQuery(request, orderListQuerySchema);
  return Response.json(await listOrdersForEmail(credential, (await params).key, page));
});

export const DELETE = route<RouteContext<'/api/order/[key]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await cancelOrder(actor, (await params).key, mailOrigin()));
});

export const PATCH = route<RouteContext<'/api/order/[key]'>>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { transactionId } = await readBody(request, recordPaymentSchema);
  return Response.json(
    await recordPayment(actor, { orderId: (await params).key }, transactionId, mailOrigin()),
  );
});

export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
