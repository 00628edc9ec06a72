import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { declineQuote } from '@/lib/quotes/transitions';

type Context = RouteContext<'/api/quotes/[id]/decline'>;

/** The customer turns their quote down → `{ status: 'declined' }`. */
export const POST = route<Context>(async (request, { params }) =>
  Response.json(await declineQuote(await getActor(request), (await params).id)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
