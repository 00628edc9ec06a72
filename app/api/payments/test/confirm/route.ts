import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { confirmTestPayment } from '@/lib/orders/payment';
import { testCardSchema } from '@/lib/validation/payments';

export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, testCardSchema);
  return Response.json(await confirmTestPayment(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
