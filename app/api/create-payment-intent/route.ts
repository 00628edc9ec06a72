import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { createPaymentIntent } from '@/lib/orders/payment';
import { paymentIntentSchema } from '@/lib/validation/payments';

export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, paymentIntentSchema);
  const first = { call: 'POST /api/create-payment-intent', input, status: 200 };
  return respondOnce(request, actor, first, (db) => createPaymentIntent(actor, input, db));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
