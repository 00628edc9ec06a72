import { setAccountDisabled } from '@/lib/users/account-status';
import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { accountDisabledSchema } from '@/lib/validation/users';

/** Disable or enable an account: `{ "disabled": true | false }` (admin, not oneself). */
export const PUT = route<RouteContext<'/api/user/disabled/[id]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  // Identity and permission before the body is read.
  requireAdmin(actor);
  const input = await readBody(request, accountDisabledSchema);
  return Response.json(await setAccountDisabled(actor, (await params).id, input));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
