import { clientIp } from '@/lib/auth/credentials';
import { requestEmailLink } from '@/lib/users/email-link';
import { otherMethods, readBody, route } from '@/lib/http';
import { emailLinkRequestSchema } from '@/lib/validation/auth';

/** "Email me a sign-in link": 202 and the same answer for every address (lib/email-link.ts). */
export const POST = route(async (request) => {
  const input = await readBody(request, emailLinkRequestSchema);
  return Response.json(await requestEmailLink(input, { ip: clientIp(request) }), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
