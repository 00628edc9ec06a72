import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { respondOnce } from '@/lib/idempotency';
import { postQuoteMessage } from '@/lib/quotes/messages';
import { mailOrigin } from '@/lib/mail/config';
import { quoteMessageSchema } from '@/lib/validation/quotes';

type Context = RouteContext<'/api/quotes/[id]/messages'>;

/** `{ text }` → 201 the message; one message per Idempotency-Key. */
export const POST = route<Context>(async (request, { params }) => {
  const actor = requireSignedIn(await getActor(request));
  const input = await readBody(request, quoteMessageSchema);
  const { id } = await params;
  const first = { call: `POST /api/quotes/${id}/messages`, input, status: 201 };
  return respondOnce(request, actor, first, (db) =>
    postQuoteMessage(actor, id, input, mailOrigin(), db),
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
