import { verifyEmail } from '@/lib/users/email-verification';
import { readBody, route } from '@/lib/http';
import { verifyEmailSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const { token } = await readBody(request, verifyEmailSchema);
  return Response.json(await verifyEmail(token));
});
