import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { withdrawQuote } from '@/lib/quotes/transitions';

type Context = RouteContext<'/api/quotes/[id]/withdraw'>;

/** The shop takes its quote back → `{ status: 'withdrawn' }` (admins). */
export const POST = route<Context>(async (request, { params }) =>
  Response.json(await withdrawQuote(await getActor(request), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
