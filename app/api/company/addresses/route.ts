import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { addAddress, changeAddress, listAddresses, removeAddress } from '@/lib/companies/addresses';
import { otherMethods, readBody, route } from '@/lib/http';
import { companyAddressSchema, addressIdSchema } from '@/lib/validation/companies';

/** The company's address book (every member reads it). */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await listAddresses(actor));
});

/** (owners) `{ label, recipient, companyName?, street, postcode, city, region?, country, phone? }` → 201. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, companyAddressSchema);
  return Response.json(await addAddress(actor, input), { status: 201 });
});

/** (owners) The same fields with the entry's `addressId`; `PUT /api/company/addresses/{id}` is the same. */
export const PUT = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { addressId, ...input } = await readBody(
    request,
    companyAddressSchema.extend(addressIdSchema.shape),
  );
  return Response.json(await changeAddress(actor, addressId, input));
});

/** (owners) `{ addressId }`; `DELETE /api/company/addresses/{id}` is the same. */
export const DELETE = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { addressId } = await readBody(request, addressIdSchema);
  return Response.json(await removeAddress(actor, addressId));
});

export const { PATCH } = otherMethods('GET', 'POST', 'PUT', 'DELETE');
