import { clientAddress } from '@/lib/client-request';
import { getActor } from '@/lib/auth/caller';
import { unauthorized } from '@/lib/errors';
import { readBody, route } from '@/lib/http';
import { changePassword } from '@/lib/users/password-change';
import { mailOrigin } from '@/lib/mail/config';
import { changePasswordSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  // Identity before validation: a stranger learns nothing about the input's rules.
  if (!actor) throw unauthorized();
  const input = await readBody(request, changePasswordSchema);
  const context = { ip: clientAddress(request), origin: mailOrigin() };
  return Response.json(await changePassword(actor, input, context));
});
