import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { getQuote } from '@/lib/quotes/queries';
import { answerQuote } from '@/lib/quotes/transitions';
import { originOfRequest } from '@/lib/site-origin';
import { quoteAnswerSchema } from '@/lib/validation/quotes';

type Context = RouteContext<'/api/quotes/[id]'>;

export const GET = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await getQuote(actor, (await params).id));
});

/** The admin's answer: `{ lines: [{ toolId, unitPrice }], leadTimeDays, validUntil }`; a customer gets 403. */
export const PUT = route<Context>(async (request, { params }) => {
  const admin = requireAdmin(await getActor(request), 'Only the shop can price a quote');
  const input = await readBody(request, quoteAnswerSchema);
  return Response.json(
    await answerQuote(admin, (await params).id, input, originOfRequest(request)),
  );
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
