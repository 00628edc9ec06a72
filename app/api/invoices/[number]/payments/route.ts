import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { recordBankTransfer } from '@/lib/orders/bank-transfer';
import { mailOrigin } from '@/lib/mail/config';
import { invoicePaymentSchema } from '@/lib/validation/invoices';

type Context = RouteContext<'/api/invoices/[number]/payments'>;

/** Record payment: `{ amount, date, reference }`, a bank transfer received against the invoice (admin). */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireAdmin(await getActor(request));
  const input = await readBody(request, invoicePaymentSchema);
  const number = (await params).number;
  return Response.json(await recordBankTransfer(actor, number, input, mailOrigin()), {
    status: 201,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
