import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { addListLine } from '@/lib/lists/lists';
import { listLineSchema } from '@/lib/validation/lists';

type Context = RouteContext<'/api/lists/[id]/lines'>;

/** `{ sku | toolId, quantity }` adds a line (or pieces to the tool's line) → the list. */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, listLineSchema);
  return Response.json(await addListLine(actor, (await params).id, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
