import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { listUsers } from '@/lib/users/directory';

export const GET = route(async (request) =>
  Response.json(await listUsers(await getActor(request))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
