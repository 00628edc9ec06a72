import { clientIp } from '@/lib/auth/credentials';
import { getActor } from '@/lib/auth/caller';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { twoFactorCodeSchema } from '@/lib/validation/two-factor';
import { confirmEnrolment, disableTwoFactor, getTwoFactorStatus } from '@/lib/two-factor';

/** Whether two-factor is on for the caller, and how many recovery codes are left. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await getTwoFactorStatus(actor));
});

/** Turns two-factor on with the first code of the set-up; answers the recovery codes, this once. */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { code } = await readBody(request, twoFactorCodeSchema);
  return Response.json(await confirmEnrolment(actor, code, { ip: clientIp(request) }), {
    status: 201,
  });
});

/** Turns two-factor off, given a code or a recovery code. */
export const DELETE = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { code } = await readBody(request, twoFactorCodeSchema);
  return Response.json(await disableTwoFactor(actor, code, { ip: clientIp(request) }));
});

export const { PUT, PATCH } = otherMethods('GET', 'POST', 'DELETE');
