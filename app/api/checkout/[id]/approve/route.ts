import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';
import { approveCheckout } from '@/lib/orders/approval';
import { approvalSchema } from '@/lib/validation/approval';

type Context = RouteContext<'/api/checkout/[id]/approve'>;

/** An approver or owner of the company approves a buyer's waiting order → `{ checkoutId, number, status: 'approved', invoiceNumber }`: it goes on to its payment, or on terms it is invoiced. */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { id } = await params;
  const input = await readBody(request, approvalSchema);
  return Response.json(await approveCheckout(actor, id, input, mailOrigin()));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
