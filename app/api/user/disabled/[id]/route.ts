import { setAccountDisabled } from '@/lib/users/account-status';
import { getActor, requireAdmin } from '@/lib/auth/actor';
import { otherMethods, readBody, route } from '@/lib/http';
import { accountDisabledSchema } from '@/lib/validation/users';

type Context = { params: Promise<{ id: string }> };

/** Disable or enable an account: `{ "disabled": true | false }` (admin, not oneself). */
export const PUT = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  // Identity and permission before the body is read.
  requireAdmin(actor);
  const input = await readBody(request, accountDisabledSchema);
  return Response.json(await setAccountDisabled(actor, (await params).id, input));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
