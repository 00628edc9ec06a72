import { getActor } from '@/lib/auth/get-actor';
import { readBody, route, SHARED_FOR_A_SECOND } from '@/lib/http';
import { createTool, listTools } from '@/lib/tools';
import { productSchema } from '@/lib/validation';

export const GET = route(async () =>
  Response.json(await listTools(), { headers: SHARED_FOR_A_SECOND }),
);

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const input = await readBody(request, productSchema);
  return Response.json(await createTool(actor, input), { status: 201 });
});
