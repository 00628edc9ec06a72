import { clientIp } from '@/lib/auth/credentials';
import { getActor } from '@/lib/auth/caller';
import { unauthorized } from '@/lib/errors';
import { readBody, route } from '@/lib/http';
import { changePassword } from '@/lib/users/password-change';
import { originOfRequest } from '@/lib/site-origin';
import { changePasswordSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  // Identity before validation: a stranger learns nothing about the input's rules.
  if (!actor) throw unauthorized();
  const input = await readBody(request, changePasswordSchema);
  const context = { ip: clientIp(request), origin: originOfRequest(request) };
  return Response.json(await changePassword(actor, input, context));
});
