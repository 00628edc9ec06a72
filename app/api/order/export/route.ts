import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readQuery, route } from '@/lib/http';
import { exportOrdersCsv } from '@/lib/orders/export';
import { orderFilterSchema } from '@/lib/validation/orders';

/** All Orders as CSV, filtered like the list (admin): streamed, so its memory stays flat at any size. */
export const GET = route(async (request) => {
  const actor = requireAdmin(await getActor(request));
  const filter = readQuery(request, orderFilterSchema);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportOrdersCsv(actor, filter), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
