import { getActor, requireAdminCaller } from '@/lib/auth/get-actor';
import { otherMethods, readBody, route } from '@/lib/http';
import { createTool, listTools } from '@/lib/tools';
import { productSchema } from '@/lib/validation';

export const GET = route(async () => Response.json(await listTools()));

export const POST = route(async (request) => {
  const actor = requireAdminCaller(await getActor(request));
  const input = await readBody(request, productSchema);
  return Response.json(await createTool(actor, input), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
