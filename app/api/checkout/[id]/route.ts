import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { recordPayment } from '@/lib/orders/payment';
import { mailOrigin } from '@/lib/mail/config';
import { recordPaymentSchema } from '@/lib/validation/payments';
import { readCheckout } from '@/lib/signed-in-reads';

type Context = RouteContext<'/api/checkout/[id]'>;

// Served directly by the instance server too (lib/signed-in-reads.ts).
export const GET = readCheckout;

/** Records the one payment of a whole checkout: `{ transactionId }`, as `PATCH /api/order/{id}` does for an order. */
export const PATCH = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const { transactionId } = await readBody(request, recordPaymentSchema);
  return Response.json(
    await recordPayment(actor, { checkoutId: (await params).id }, transactionId, mailOrigin()),
  );
});

export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
