import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { setCompanyTerms } from '@/lib/invoices/terms';
import { termsSchema } from '@/lib/validation/invoices';

/** Net terms for a company: `{ netDays: 15 | 30 | 60, creditLimit }` (dollars), or `{ netDays: null }` (admin). */
export const PUT = route<RouteContext<'/api/companies/[id]/terms'>>(async (request, { params }) => {
  const actor = requireAdmin(await getActor(request));
  const input = await readBody(request, termsSchema);
  return Response.json(await setCompanyTerms(actor, (await params).id, input));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
