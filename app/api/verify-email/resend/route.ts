import { clientAddress } from '@/lib/client-request';
import { getActor } from '@/lib/auth/caller';
import { resendVerification } from '@/lib/users/email-verification';
import { route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const context = { ip: clientAddress(request), origin: mailOrigin() };
  return Response.json(await resendVerification(actor, context), { status: 202 });
});
