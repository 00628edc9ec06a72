import { clientIp } from '@/lib/auth/credentials';
import { getActor } from '@/lib/auth/caller';
import { resendVerification } from '@/lib/users/email-verification';
import { route } from '@/lib/http';
import { originOfRequest } from '@/lib/site-origin';

export const POST = route(async (request) => {
  const actor = await getActor(request);
  const context = { ip: clientIp(request), origin: originOfRequest(request) };
  return Response.json(await resendVerification(actor, context), { status: 202 });
});
