import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { getCheckout } from '@/lib/orders/document';
import { otherMethods, readBody, route } from '@/lib/http';
import { recordPayment } from '@/lib/orders/payment';
import { mailOrigin } from '@/lib/mail/config';
import { recordPaymentSchema } from '@/lib/validation/payments';

type Context = RouteContext<'/api/checkout/[id]'>;

export const GET = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await getCheckout(actor, (await params).id));
});

/** Records the one payment of a whole checkout: `{ transactionId }`, as `PATCH /api/order/{id}` does for an order. */
export const PATCH = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { transactionId } = await readBody(request, recordPaymentSchema);
  return Response.json(
    await recordPayment(actor, { checkoutId: (await params).id }, transactionId, mailOrigin()),
  );
});

export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
