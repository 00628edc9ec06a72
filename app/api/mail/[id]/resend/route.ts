import { getActor } from '@/lib/auth/caller';
import { route } from '@/lib/http';
import { resendMail } from '@/lib/mail/admin';

export const POST = route<RouteContext<'/api/mail/[id]/resend'>>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await resendMail(actor, (await params).id));
});
