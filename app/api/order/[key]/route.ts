import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { cancelOrder } from '@/lib/orders/cancellation';
import { recordPayment } from '@/lib/orders/payment';
import { recordPaymentSchema } from '@/lib/validation/payments';
import { mailOrigin } from '@/lib/mail/config';
import { readOrdersOfEmail } from '@/lib/signed-in-reads';

// One segment, two meanings in the REST contract: GET /order/{email}; DELETE and PATCH /order/{id}.
// Served directly by the instance server too (lib/signed-in-reads.ts).
export const GET = readOrdersOfEmail;

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
