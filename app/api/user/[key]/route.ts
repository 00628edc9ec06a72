import { getActor, loneBearerToken } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { deleteUser, getUser, syncUser } from '@/lib/users/accounts';
import { userUpdateSchema } from '@/lib/validation/users';
import { mailOrigin } from '@/lib/mail/config';

// One segment, two meanings in the REST contract: GET and PUT /user/{email}; DELETE /user/{id}.
export const GET = route<RouteContext<'/api/user/[key]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await getUser(actor, (await params).key));
});

export const PUT = route<RouteContext<'/api/user/[key]'>>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const body = await readBody(request, userUpdateSchema);
  const loneToken = await loneBearerToken(request);
  return Response.json(await syncUser(actor, (await params).key, body, loneToken));
});

export const DELETE = route<RouteContext<'/api/user/[key]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await deleteUser(actor, (await params).key, mailOrigin()));
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
