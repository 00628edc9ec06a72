import { closeAccount } from '@/lib/users/close-account';
import { closeAccountSchema } from '@/lib/validation/users';
import { clientIp } from '@/lib/auth/credentials';
import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { sessionSignedInAt } from '@/lib/two-factor';
import { otherMethods, readBody, route } from '@/lib/http';
import { originOfRequest } from '@/lib/site-origin';

/** Closes the caller's own account (body `{ password?, code? }` when the sign-in is not recent). */
export const DELETE = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, closeAccountSchema);
  const context = {
    ip: clientIp(request),
    origin: originOfRequest(request),
    signedInAt: await sessionSignedInAt(request, actor.userId),
  };
  return Response.json(await closeAccount(actor, input, context));
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
