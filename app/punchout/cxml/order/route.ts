import { otherMethods } from '@/lib/http';
import { cxmlRoute } from '@/lib/punchout/cxml-route';
import { receiveOrderRequest } from '@/lib/punchout/purchase-order';

/** A procurement system's OrderRequest (the purchase order) → a cXML Response: the order placed, or why not. */
export const POST = cxmlRoute(receiveOrderRequest);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
