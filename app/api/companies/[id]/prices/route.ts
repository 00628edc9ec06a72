import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { readCompanyPrices, setCompanyPrices } from '@/lib/companies/prices';
import { otherMethods, readBody, route } from '@/lib/http';
import { companyPricesSchema } from '@/lib/validation/company-prices';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const GET = route<RouteContext<'/api/companies/[id]/prices'>>(async (request, { params }) =>
  Response.json(await readCompanyPrices(await getActor(request), (await params).id), {
    headers: PRIVATE,
  }),
);

export const PUT = route<RouteContext<'/api/companies/[id]/prices'>>(
  async (request, { params }) => {
    const actor = requireAdmin(await getActor(request));
    const input = await readBody(request, companyPricesSchema);
    return Response.json(await setCompanyPrices(actor, (await params).id, input), {
      headers: PRIVATE,
    });
  },
);

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
