import { getActor } from '@/lib/auth/caller';
import { pdfResponse, xmlResponse } from '@/lib/document-response';
import { otherMethods, route } from '@/lib/http';
import { invoiceFile } from '@/lib/invoices/queries';

/**
 * `GET /api/invoices/INV-2026-000001.pdf` (Factur-X) or `.xml` (EN 16931 CII; `?syntax=ubl` for UBL): the buyer or
 * an admin; anyone else 404, signed out 401.
 */
export const GET = route<RouteContext<'/api/invoices/[number]'>>(async (request, { params }) => {
  const actor = await getActor(request);
  const syntax = new URL(request.url).searchParams.get('syntax');
  const file = await invoiceFile(actor, (await params).number, syntax);
  return file.format === 'pdf' ? pdfResponse(file) : xmlResponse(file);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
