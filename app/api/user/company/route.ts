import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { getCompany, setCompany } from '@/lib/companies/details';
import { companySchema } from '@/lib/validation/company';

/** The caller's own company details (printed on invoices). */
export const GET = route(async (request) =>
  Response.json(await getCompany(await getActor(request))),
);

/** `{ companyName, taxId, billingAddress }` for the caller's own account; there is no way to name another. */
export const PUT = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, companySchema);
  return Response.json(await setCompany(actor, input));
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
