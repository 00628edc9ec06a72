import { getActor, refuseUnfitApiKey } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readBody, readQuery, route, SHARED_FOR_A_SECOND } from '@/lib/http';
import { isSearch, searchTools } from '@/lib/tools/search';
import { createTool, listTools } from '@/lib/tools/catalogue';
import { catalogueQuerySchema, productSchema } from '@/lib/validation/tools';

/** The most tools one search answers; `X-Total-Count` says how many matched. */
const SEARCH_LIMIT = 200;

export const GET = route(async (request) => {
  await refuseUnfitApiKey(request);
  const query = readQuery(request, catalogueQuerySchema);
  if (!isSearch(query)) return Response.json(await listTools(), { headers: SHARED_FOR_A_SECOND });
  const { tools, total } = await searchTools(query, 0, SEARCH_LIMIT);
  return Response.json(tools, {
    headers: { ...SHARED_FOR_A_SECOND, 'X-Total-Count': String(total) },
  });
});

export const POST = route(async (request) => {
  const actor = requireAdmin(await getActor(request));
  const input = await readBody(request, productSchema);
  return Response.json(await createTool(actor, input), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
