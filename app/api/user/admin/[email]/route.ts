import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { checkAdmin, makeAdmin } from '@/lib/users/accounts';

export const GET = route<RouteContext<'/api/user/admin/[email]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await checkAdmin(actor, (await params).email));
});

export const PUT = route<RouteContext<'/api/user/admin/[email]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await makeAdmin(actor, (await params).email));
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
