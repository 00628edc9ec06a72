import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { removeMember, updateMember } from '@/lib/companies/members';
import { otherMethods, readBody, route } from '@/lib/http';
import { memberUpdateSchema } from '@/lib/validation/companies';

type Context = RouteContext<'/api/company/members/[userId]'>;

/** `{ role?, spendingLimit? }` (owners): a member's role and spending limit (dollars; null for none). */
export const PUT = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, memberUpdateSchema);
  return Response.json(await updateMember(actor, (await params).userId, input));
});

/** (owners) The member leaves the company; the company keeps their orders. */
export const DELETE = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await removeMember(actor, (await params).userId));
});

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
