import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { placeCheckout } from '@/lib/orders/checkout';
import { otherMethods, readBody, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { mailOrigin } from '@/lib/mail/config';
import { checkoutSchema } from '@/lib/validation/checkout';

/**
 * The cart becomes one checkout: `{ address, phone, poNumber? }` → 201 `{ checkoutId, number, orderIds, total }`, or
 * 202 `{ checkoutId, number, status: 'awaiting_approval' }` for a buyer's order that waits for their company's approval.
 */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, checkoutSchema);
  const status = (placed: object) => ('status' in placed ? 202 : 201);
  const first = { call: 'POST /api/checkout', input, status };
  return respondOnce(request, actor, first, (db) => placeCheckout(actor, input, mailOrigin(), db));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
