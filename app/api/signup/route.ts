import { clientAddress } from '@/lib/client-request';
import { otherMethods, readBody, route } from '@/lib/http';
import { mailOrigin } from '@/lib/mail/config';
import { signUp } from '@/lib/users/sign-up';
import { signupSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const input = await readBody(request, signupSchema);
  const context = { ip: clientAddress(request), origin: mailOrigin() };
  const insertedId = await signUp(input, context);
  return Response.json({ acknowledged: true, insertedId }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
