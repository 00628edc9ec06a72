import { getCompanyAccount } from '@/lib/companies/account';
import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, route } from '@/lib/http';

/** The caller's company: details, members, terms and credit used; 404 for an account that belongs to none. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await getCompanyAccount(actor));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
