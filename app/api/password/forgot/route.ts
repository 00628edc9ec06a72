import { clientAddress } from '@/lib/client-request';
import { readBody, route } from '@/lib/http';
import { requestPasswordReset } from '@/lib/users/password-reset';
import { mailOrigin } from '@/lib/mail/config';
import { forgotPasswordSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const input = await readBody(request, forgotPasswordSchema);
  const context = { ip: clientAddress(request), origin: mailOrigin() };
  return Response.json(await requestPasswordReset(input, context), { status: 202 });
});
