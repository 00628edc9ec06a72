import { getActor } from '@/lib/auth/get-actor';
import { readBody, route } from '@/lib/http';
import { createPaymentIntent } from '@/lib/payments/checkout';
import { paymentIntentSchema } from '@/lib/validation';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const input = await readBody(request, paymentIntentSchema);
  return Response.json(await createPaymentIntent(actor, input));
});
