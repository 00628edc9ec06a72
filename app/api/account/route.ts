import { closeAccount } from '@/lib/users/close-account';
import { closeAccountSchema } from '@/lib/validation/users';
import { clientAddress } from '@/lib/client-request';
import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { sessionSignedInAt } from '@/lib/two-factor';
import { otherMethods, readBody, route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';

/** Closes the caller's own account (body `{ password?, code? }` when the sign-in is not recent). */
export const DELETE = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, closeAccountSchema);
  const context = {
    ip: clientAddress(request),
    origin: mailOrigin(),
    signedInAt: await sessionSignedInAt(request, actor.userId),
  };
  return Response.json(await closeAccount(actor, input, context));
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
