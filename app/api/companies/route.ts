import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { createCompany } from '@/lib/companies/create';
import { otherMethods, readBody, route } from '@/lib/http';
import { createCompanySchema } from '@/lib/validation/companies';

/** `{ name, taxId?, billingAddress? }` → 201 `{ companyId }`: the caller founds a company and is its owner. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, createCompanySchema);
  return Response.json(await createCompany(actor, input), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
