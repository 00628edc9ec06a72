import { getActor } from '@/lib/auth/get-actor';
import { readBody, route } from '@/lib/http';
import { confirmTestPayment } from '@/lib/payments/checkout';
import { testCardSchema } from '@/lib/validation';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const input = await readBody(request, testCardSchema);
  return Response.json(await confirmTestPayment(actor, input));
});
