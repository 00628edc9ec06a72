import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';
import { declineCheckout } from '@/lib/orders/approval';
import { approvalSchema } from '@/lib/validation/approval';

type Context = RouteContext<'/api/checkout/[id]/decline'>;

/** An approver or owner of the company declines a buyer's waiting order, `{ reason? }` → `{ checkoutId, number, status: 'cancelled' }`: its stock is put back. */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { id } = await params;
  const input = await readBody(request, approvalSchema);
  return Response.json(await declineCheckout(actor, id, input, mailOrigin()));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
