import { getActor } from '@/lib/auth/caller';
import { otherMethods, readQuery, route } from '@/lib/http';
import { readDocuments } from '@/lib/orders/document-reads';
import { documentIdsQuerySchema } from '@/lib/validation/order-documents';

/** My Orders' documents: lines, money, papers and shipments of the orders its page shows (owner or admin). */
export const GET = route(async (request) => {
  const actor = await getActor(request);
  const { ids } = readQuery(request, documentIdsQuerySchema);
  return Response.json(await readDocuments(actor, ids));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
