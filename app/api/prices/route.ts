import { getActor } from '@/lib/auth/caller';
import { otherMethods, readQuery, route } from '@/lib/http';
import { myPrices } from '@/lib/tools/my-prices';
import { myPricesQuerySchema } from '@/lib/validation/prices';

/** The caller's own prices: private to them, so no shared cache may keep the answer. */
export const GET = route(async (request) => {
  const { tools } = readQuery(request, myPricesQuerySchema);
  return Response.json(await myPrices(await getActor(request), tools), {
    headers: { 'Cache-Control': 'private, no-store', Vary: 'Cookie, Authorization' },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
