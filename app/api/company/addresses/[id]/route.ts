import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { changeAddress, removeAddress } from '@/lib/companies/addresses';
import { otherMethods, readBody, route } from '@/lib/http';
import { companyAddressSchema } from '@/lib/validation/companies';

type Context = RouteContext<'/api/company/addresses/[id]'>;

/** (owners) Replaces the entry; another company's address is a 404. */
export const PUT = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, companyAddressSchema);
  return Response.json(await changeAddress(actor, (await params).id, input));
});

/** (owners) Removes the entry; orders keep their copy. */
export const DELETE = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await removeAddress(actor, (await params).id));
});

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
