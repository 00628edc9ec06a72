import { getActor } from '@/lib/auth/caller';
import { route } from '@/lib/http';
import { resendMail } from '@/lib/mail/admin';

type Context = { params: Promise<{ id: string }> };

export const POST = route<Context>(async (request, { params }) => {
  const actor = await getActor(request);
  return Response.json(await resendMail(actor, (await params).id));
});
