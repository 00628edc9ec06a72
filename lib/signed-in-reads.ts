import { resolveCredential } from '@/lib/auth/caller';
import { readCart } from '@/lib/cart/cart';
import { cartCaller } from '@/lib/cart/cart-request';
import { readQuery, route } from '@/lib/http';
import { getCheckoutForCredential } from '@/lib/orders/document';
import { listOrdersForEmail } from '@/lib/orders/queries';
import { serveGetDirectly } from '@/lib/process/direct-reads.mjs';
import { orderListQuerySchema } from '@/lib/validation/orders';

// The busiest signed-in reads, one handler each for both ways they are served: Next's route (app/api/…/route.ts
// exports it) and, under the instance server, straight from server/direct-read.mjs (docs/PERFORMANCE.md).

type Params<K extends string> = { params: Promise<Record<K, string>> };

/** GET /api/order/{email}: one page of a user's orders. */
export const readOrdersOfEmail = route<Params<'key'>>(async (request, { params }) => {
  const credential = await resolveCredential(request);
  const page = readQuery(request, orderListQuerySchema);
  return Response.json(await listOrdersForEmail(credential, (await params).key, page));
});

/** GET /api/cart: the caller's cart, the account's or the guest cart its cookie names (an empty one without). */
export const readCallersCart = route(async (request) => {
  const caller = await cartCaller(request);
  return caller.answer(await readCart(caller.shopper));
});

/** GET /api/checkout/{id}: the checkout with its orders, for its buyer or an admin. */
export const readCheckout = route<Params<'id'>>(async (request, { params }) => {
  const credential = await resolveCredential(request);
  return Response.json(await getCheckoutForCredential(credential, (await params).id));
});

/** Under server/instance.mjs these reads skip Next's request handling; lib/startup.ts calls this once. */
export function serveSignedInReadsDirectly(): void {
  serveGetDirectly('/api/order/[key]', readOrdersOfEmail);
  serveGetDirectly('/api/cart', readCallersCart);
  serveGetDirectly('/api/checkout/[id]', readCheckout);
}
