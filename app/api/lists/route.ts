import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { createList, listMyLists } from '@/lib/lists/lists';
import { newListSchema } from '@/lib/validation/lists';

/** The caller's saved lists, the last changed first. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await listMyLists(actor));
});

/** `{ name, lines?: [{ sku | toolId, quantity }], fromCart?: true, fromOrder?: checkoutId }` → 201 `{ listId }`. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, newListSchema);
  return Response.json(await createList(actor, input), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
