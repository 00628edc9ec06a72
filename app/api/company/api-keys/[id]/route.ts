import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { revokeApiKey } from '@/lib/companies/api-keys';
import { otherMethods, route } from '@/lib/http';

/** (owners) Revokes the key at once; another company's key is a 404. */
export const DELETE = route<RouteContext<'/api/company/api-keys/[id]'>>(
  async (request, { params }) => {
    const actor = requireSignedIn(await getActor(request));
    return Response.json(await revokeApiKey(actor, (await params).id));
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
