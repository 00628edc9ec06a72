import { getSalesAnalytics, toAnalyticsDto } from '@/lib/analytics/sales';
import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readQuery, route } from '@/lib/http';
import { analyticsQuerySchema } from '@/lib/validation/analytics';

/** Sales figures of a range of days (admins): paid orders, dates in UTC, money in dollars. */
export const GET = route(async (request) => {
  const actor = requireAdmin(await getActor(request));
  const range = readQuery(request, analyticsQuerySchema);
  return Response.json(toAnalyticsDto(await getSalesAnalytics(actor, range)), {
    headers: { 'Cache-Control': 'no-store' },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
