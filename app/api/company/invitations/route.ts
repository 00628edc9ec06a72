import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { inviteMember } from '@/lib/companies/invitations';
import { otherMethods, readBody, route } from '@/lib/http';
import { invitationSchema } from '@/lib/validation/companies';

/** `{ email, role, spendingLimit? }` (owners) → 201: mails the address a link to join the company. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, invitationSchema);
  return Response.json(await inviteMember(actor, input), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
