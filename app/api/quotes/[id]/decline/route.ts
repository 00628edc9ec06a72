import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { declineQuote } from '@/lib/quotes/transitions';

type Context = RouteContext<'/api/quotes/[id]/decline'>;

/** The customer turns their quote down → `{ status: 'declined' }` (Idempotency-Key: a repeat answers the same). */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { id } = await params;
  const first = { call: `POST /api/quotes/${id}/decline`, input: null, status: 200 };
  return respondOnce(request, actor, first, (db) => declineQuote(actor, id, db));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
