import { otherMethods, readBody, route } from '@/lib/http';
import { createUser } from '@/lib/users/accounts';
import { originOfRequest } from '@/lib/site-origin';
import { signupSchema } from '@/lib/validation/auth';

export const POST = route(async (request) => {
  const input = await readBody(request, signupSchema);
  const insertedId = await createUser(input, originOfRequest(request));
  return Response.json({ acknowledged: true, insertedId }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
