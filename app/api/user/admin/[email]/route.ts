import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { checkAdmin, makeAdmin } from '@/lib/users/accounts';

type Context = { params: Promise<{ email: string }> };

export const GET = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await checkAdmin(actor, (await params).email));
});

export const PUT = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await makeAdmin(actor, (await params).email));
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
