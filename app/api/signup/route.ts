import { otherMethods, readBody, route } from '@/lib/http';
import { createUser } from '@/lib/users';
import { signupSchema } from '@/lib/validation';

export const POST = route(async (request) => {
  const input = await readBody(request, signupSchema);
  const insertedId = await createUser(input);
  return Response.json({ acknowledged: true, insertedId }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
