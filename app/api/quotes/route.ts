import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, readQuery, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { listQuotes } from '@/lib/quotes/queries';
import { requestQuote } from '@/lib/quotes/request';
import { mailOrigin } from '@/lib/mail/config';
import { quoteListQuerySchema, quoteRequestSchema } from '@/lib/validation/quotes';

/** `{ lines: [{ toolId, quantity }], message }` → 201 `{ quoteId, number }`; one quote per Idempotency-Key. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, quoteRequestSchema);
  const first = { call: 'POST /api/quotes', input, status: 201 };
  return respondOnce(request, actor, first, (db) => requestQuote(actor, input, mailOrigin(), db));
});

/** The caller's own quotes; an admin's are everyone's, filtered by `status` and `customer`. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await listQuotes(actor, readQuery(request, quoteListQuerySchema)));
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
