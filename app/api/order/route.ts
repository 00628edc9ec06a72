import { getActor, getCallerId } from '@/lib/auth/get-actor';
import { readBody, readQuery, route } from '@/lib/http';
import { listAllOrders, placeOrder } from '@/lib/orders';
import { orderInputSchema, orderListQuerySchema } from '@/lib/validation';
import { originOfRequest } from '@/lib/site-origin';

export const POST = route(async (request) => {
  const callerId = await getCallerId(request);
  const input = await readBody(request, orderInputSchema);
  return Response.json(await placeOrder(callerId, input, originOfRequest(request)), {
    status: 201,
  });
});

export const GET = route(async (request) => {
  const actor = await getActor(request);
  const { orders, total } = await listAllOrders(actor, readQuery(request, orderListQuerySchema));
  return Response.json(orders, { headers: { 'X-Total-Count': String(total) } });
});
