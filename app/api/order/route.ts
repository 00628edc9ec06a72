import { getActor, resolveCredential } from '@/lib/auth/caller';
import { otherMethods, readBody, readQuery, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { requireCredential } from '@/lib/orders/access';
import { placeOrder } from '@/lib/orders/placement';
import { listAllOrders } from '@/lib/orders/queries';
import { adminOrderQuerySchema, orderInputSchema } from '@/lib/validation/orders';
import { mailOrigin } from '@/lib/mail/config';

// The account is read once, by the order statement that it guards (lib/orders/placement.ts), not before it.
export const POST = route(async (request) => {
  const caller = requireCredential(await resolveCredential(request));
  const input = await readBody(request, orderInputSchema);
  const first = { call: 'POST /api/order', input, status: 201 };
  return respondOnce(request, caller, first, (db) => placeOrder(caller, input, mailOrigin(), db));
});

export const GET = route(async (request) => {
  const actor = await getActor(request);
  const { page, limit, ...filter } = readQuery(request, adminOrderQuerySchema);
  const { orders, total } = await listAllOrders(actor, { page, limit }, filter);
  return Response.json(orders, { headers: { 'X-Total-Count': String(total) } });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
