import { getActor } from '@/lib/auth/get-actor';
import { route } from '@/lib/http';
import { listUsers } from '@/lib/users';

export const GET = route(async (request) =>
  Response.json(await listUsers(await getActor(request))),
);
