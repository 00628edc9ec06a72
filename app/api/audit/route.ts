import { listAuditLog } from '@/lib/audit/log';
import { getActor } from '@/lib/auth/caller';
import { requireAdmin } from '@/lib/auth/guards';
import { otherMethods, readQuery, route } from '@/lib/http';
import { auditQuerySchema } from '@/lib/validation/audit';

/** The audit log (admins): read-only, so every method but GET is a 405. */
export const GET = route(async (request) => {
  const actor = requireAdmin(await getActor(request));
  const { items, total } = await listAuditLog(actor, readQuery(request, auditQuerySchema));
  return Response.json(
    { items },
    { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'no-store' } },
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
