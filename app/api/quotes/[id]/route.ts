import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { getQuote } from '@/lib/quotes/queries';
import { answerQuote } from '@/lib/quotes/transitions';
import { mailOrigin } from '@/lib/mail/config';
import { quoteAnswerSchema } from '@/lib/validation/quotes';

type Context = RouteContext<'/api/quotes/[id]'>;

export const GET = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await getQuote(actor, (await params).id));
});

/** The admin's answer: `{ lines: [{ toolId, unitPrice }], leadTimeDays, validUntil }` (Idempotency-Key); a customer: 403. */
export const PUT = route<Context>(async (request, { params }) => {
  const admin = requireAdmin(await getActor(request), 'Only the shop can price a quote');
  const input = await readBody(request, quoteAnswerSchema);
  const { id } = await params;
  const first = { call: `PUT /api/quotes/${id}`, input, status: 200 };
  return respondOnce(request, admin, first, (db) =>
    answerQuote(admin, id, input, mailOrigin(), db),
  );
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
