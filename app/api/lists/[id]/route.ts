import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { changeList, deleteList, readList } from '@/lib/lists/lists';
import { listChangeSchema } from '@/lib/validation/lists';

type Context = RouteContext<'/api/lists/[id]'>;

export const GET = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await readList(actor, (await params).id));
});

/** `{ name?, lines? }`: renames the list, replaces its lines, or both → the list. */
export const PUT = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, listChangeSchema);
  return Response.json(await changeList(actor, (await params).id, input));
});

export const DELETE = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await deleteList(actor, (await params).id));
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
