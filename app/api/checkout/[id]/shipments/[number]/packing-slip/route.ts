import { getActor } from '@/lib/auth/caller';
import { otherMethods, route } from '@/lib/http';
import { shipmentPackingSlipPdf } from '@/lib/invoices/packing-slip';
import { pdfResponse } from '@/lib/document-response';

type Context = RouteContext<'/api/checkout/[id]/shipments/[number]/packing-slip'>;

/** One shipment's packing slip (admin): the pieces of that parcel only, with the tracking number; no prices. */
export const GET = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  const { id, number } = await params;
  return pdfResponse(await shipmentPackingSlipPdf(actor, id, number));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
