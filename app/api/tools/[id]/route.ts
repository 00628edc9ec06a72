import { getActor, requireAdminCaller } from '@/lib/auth/get-actor';
import { otherMethods, readBody, route } from '@/lib/http';
import { deleteTool, getTool, restockTool } from '@/lib/tools';
import { restockSchema } from '@/lib/validation';

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) =>
  Response.json(await getTool((await params).id)),
);

export const PUT = route<Context>(async (request, { params }) => {
  const actor = requireAdminCaller(await getActor(request));
  const { newQuantity } = await readBody(request, restockSchema);
  return Response.json(await restockTool(actor, (await params).id, newQuantity));
});

export const DELETE = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await deleteTool(actor, (await params).id));
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
