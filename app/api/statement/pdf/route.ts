import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readQuery, route } from '@/lib/http';
import { statementPdf } from '@/lib/invoices/statement';
import { pdfResponse } from '@/lib/document-response';
import { statementQuerySchema } from '@/lib/validation/invoices';

/**
 * `GET /api/statement/pdf?from=&to=`: the caller's account statement (an admin may add `user=`); a bad period 400,
 * another account's or an account never on terms 404, signed out 401.
 */
export const GET = route(async (request) => {
  // Who calls first: signed out is a 401 whatever the query says.
  const actor = requireSignedIn(await getActor(request));
  return pdfResponse(await statementPdf(actor, readQuery(request, statementQuerySchema)));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
