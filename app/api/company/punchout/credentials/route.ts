import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { renewPunchoutSecrets } from '@/lib/companies/punchout';
import { otherMethods, route } from '@/lib/http';

/** (owners) New SharedSecret and OCI password, in this answer only; the old ones stop at once. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await renewPunchoutSecrets(actor));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
