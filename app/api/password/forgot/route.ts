import { clientIp } from '@/lib/auth/credentials';
import { readBody, route } from '@/lib/http';
import { requestPasswordReset } from '@/lib/users/password-reset';
import { originOfRequest } from '@/lib/site-origin';
import { forgotPasswordSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const input = await readBody(request, forgotPasswordSchema);
  const context = { ip: clientIp(request), origin: originOfRequest(request) };
  return Response.json(await requestPasswordReset(input, context), { status: 202 });
});
