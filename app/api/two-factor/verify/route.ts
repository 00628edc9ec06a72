import { unstable_update } from '@/lib/auth';
import { clientIp } from '@/lib/auth/credentials';
import { otherMethods, readBody, route } from '@/lib/http';
import { twoFactorCodeSchema } from '@/lib/validation/two-factor';
import { requirePendingSignIn, verifySignInCode } from '@/lib/two-factor';

/** The sign-in's code step: the session cookie owes a code; a right one completes the sign-in. */
export const POST = route(async (request) => {
  const pending = await requirePendingSignIn(request);
  const { code } = await readBody(request, twoFactorCodeSchema);
  const { proof, email } = await verifySignInCode(pending, code, { ip: clientIp(request) });
  // Re-issues this session's cookie through Auth.js; the jwt callback believes only the signed proof.
  await unstable_update({ secondFactorProof: proof });
  return Response.json({ acknowledged: true, email });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
