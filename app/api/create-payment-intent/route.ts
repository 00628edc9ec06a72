import { getActor, requireSignedIn } from '@/lib/auth/get-actor';
import { otherMethods, readBody, route } from '@/lib/http';
import { idempotencyKeyOf, idempotentResponse, runIdempotent } from '@/lib/idempotency';
import { createPaymentIntent } from '@/lib/payments/checkout';
import { paymentIntentSchema } from '@/lib/validation';

export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const key = idempotencyKeyOf(request);
  const input = await readBody(request, paymentIntentSchema);
  const call = 'POST /api/create-payment-intent';
  const result = await runIdempotent(actor, key, { call, input }, async (db) => ({
    status: 200,
    body: await createPaymentIntent(actor, input, db),
  }));
  return idempotentResponse(result);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
