import { getActor } from '@/lib/auth/get-actor';
import { otherMethods, route } from '@/lib/http';
import { listUsers } from '@/lib/users';

export const GET = route(async (request) =>
  Response.json(await listUsers(await getActor(request))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
