import { getActor, refuseUnfitApiKey } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { reserveBackOrders } from '@/lib/orders/back-orders';
import { deleteTool, getTool, restockTool, updateTool } from '@/lib/tools/catalogue';
import { toolUpdateSchema } from '@/lib/validation/tools';

export const GET = route<RouteContext<'/api/tools/[id]'>>(async (request, { params }) => {
  await refuseUnfitApiKey(request);
  return Response.json(await getTool((await params).id));
});

export const PUT = route<RouteContext<'/api/tools/[id]'>>(async (request, { params }) => {
  const actor = requireAdmin(await getActor(request));
  const update = await readBody(request, toolUpdateSchema);
  const { id } = await params;
  return Response.json(
    update.kind === 'product'
      ? await updateTool(actor, id, update.product)
      : await restockTool(actor, id, update.newQuantity, reserveBackOrders),
  );
});

export const DELETE = route<RouteContext<'/api/tools/[id]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await deleteTool(actor, (await params).id));
});

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
