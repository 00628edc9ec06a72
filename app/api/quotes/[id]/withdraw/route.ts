import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { withdrawQuote } from '@/lib/quotes/transitions';

type Context = RouteContext<'/api/quotes/[id]/withdraw'>;

/** The shop takes its quote back → `{ status: 'withdrawn' }` (admins; Idempotency-Key: a repeat answers the same). */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { id } = await params;
  const first = { call: `POST /api/quotes/${id}/withdraw`, input: null, status: 200 };
  return respondOnce(request, actor, first, (db) => withdrawQuote(actor, id, db));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
