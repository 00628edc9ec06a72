import { readBody, route } from '@/lib/http';
import { resetPassword } from '@/lib/users/password-reset';
import { mailOrigin } from '@/lib/mail/config';
import { resetPasswordSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const input = await readBody(request, resetPasswordSchema);
  return Response.json(await resetPassword(input, { origin: mailOrigin() }));
});
