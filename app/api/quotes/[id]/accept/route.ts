import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { acceptQuote } from '@/lib/quotes/accept';
import { mailOrigin } from '@/lib/mail/config';
import { quoteAcceptSchema } from '@/lib/validation/quotes';

type Context = RouteContext<'/api/quotes/[id]/accept'>;

/**
 * `{ poNumber?, address?, phone? }` → 201 the checkout `{ checkoutId, number, orderIds, total }`, or 202
 * `{ checkoutId, number, status: 'awaiting_approval' }` for a buyer's acceptance that waits for their company's approval.
 */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, quoteAcceptSchema);
  const { id } = await params;
  const status = (placed: object) => ('status' in placed ? 202 : 201);
  const first = { call: `POST /api/quotes/${id}/accept`, input, status };
  return respondOnce(request, actor, first, (db) =>
    acceptQuote(actor, id, input, mailOrigin(), db),
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
