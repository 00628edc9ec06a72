import { AppError } from '@/lib/errors';
import { otherMethods } from '@/lib/http';
import {
  isSameSiteForm,
  punchoutNotice,
  redirectTo,
  requestOrigin,
  sessionOfRequest,
} from '@/lib/punchout/browser';
import { SESSION_ENDED } from '@/lib/punchout/page-texts';
import { transferCart } from '@/lib/punchout/transfer';
import { transferPage } from '@/lib/punchout/transfer-page';

/** "Transfer to procurement": the page that posts the cart to the procurement system, once. */
export async function POST(request: Request) {
  if (!isSameSiteForm(request))
    return punchoutNotice(403, 'Forms of this site can only be sent from this site');
  const session = await sessionOfRequest(request);
  if (!session) return punchoutNotice(401, SESSION_ENDED);
  try {
    return transferPage(await transferCart(session, requestOrigin(request)));
  } catch (error) {
    // An empty cart or a line the stock no longer allows: back to the cart, which says which.
    if (error instanceof AppError && error.status < 500) return redirectTo(request, '/punchout');
    throw error;
  }
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
