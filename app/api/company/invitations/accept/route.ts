import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { acceptInvitation } from '@/lib/companies/invitations';
import { otherMethods, readBody, route } from '@/lib/http';
import { acceptInvitationSchema } from '@/lib/validation/companies';

/** `{ token }`: the signed-in account, at the invited address, joins the company. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, acceptInvitationSchema);
  return Response.json(await acceptInvitation(actor, input));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
