import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { packingSlipPdf } from '@/lib/invoices/packing-slip';
import { pdfResponse } from '@/lib/document-response';

/** The packing slip of an order or its checkout (admin): lines, SKUs, quantities, address, PO; no prices. */
export const GET = route<RouteContext<'/api/orders/[id]/packing-slip'>>(
  async (request, { params }) => {
    const actor = await getActor(request);
    return pdfResponse(await packingSlipPdf(actor, (await params).id));
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
