import { AppError } from '@/lib/errors';
import { otherMethods } from '@/lib/http';
import { formSession, redirectTo, requestOrigin } from '@/lib/punchout/browser';
import { transferCart } from '@/lib/punchout/transfer';
import { transferPage } from '@/lib/punchout/transfer-page';

/** "Transfer to procurement": the page that posts the cart to the procurement system, once. */
export async function POST(request: Request) {
  const session = await formSession(request);
  if (session instanceof Response) return session;
  try {
    return transferPage(await transferCart(session, requestOrigin(request)));
  } catch (error) {
    // An empty cart or a line the stock no longer allows: back to the cart, which says which.
    if (error instanceof AppError && error.status < 500) return redirectTo(request, '/punchout');
    throw error;
  }
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
