import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { invoicePdf } from '@/lib/invoices/queries';
import { pdfResponse } from '@/lib/pdf-response';

/** `GET /api/invoices/INV-2026-000001.pdf`: the buyer or an admin; anyone else 404, signed out 401. */
export const GET = route<RouteContext<'/api/invoices/[number]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return pdfResponse(await invoicePdf(actor, (await params).number));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
