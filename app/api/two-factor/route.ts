import { clientAddress } from '@/lib/client-request';
import { unstable_update } from '@/lib/auth';
import type { Actor } from '@/lib/auth/actor';
import { getActor } from '@/lib/auth/caller';
import { renewCaller } from '@/lib/auth/session-renewal';
import { requireSignedIn } from '@/lib/auth/guards';
import { otherMethods, readBody, route } from '@/lib/http';
import { twoFactorCodeSchema } from '@/lib/validation/two-factor';
import { confirmEnrolment, disableTwoFactor, getTwoFactorStatus } from '@/lib/two-factor';

/** Whether two-factor is on for the caller, and how many recovery codes are left. */
export const GET = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  return Response.json(await getTwoFactorStatus(actor));
});

/**
 * Turns two-factor on with the first code of the set-up; answers the recovery codes, this once. Every other session
 * and token of the account ends; the caller's own is issued again (a bearer caller gets its new `token` here).
 */
export const POST = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { code } = await readBody(request, twoFactorCodeSchema);
  const { recoveryCodes, sessionVersion } = await confirmEnrolment(actor, code, {
    ip: clientAddress(request),
  });
  const token = await keepCallerSignedIn(request, actor, sessionVersion);
  return Response.json({ recoveryCodes, ...token }, { status: 201 });
});

/** Turns two-factor off, given a code or a recovery code; like turning it on, it ends every other session. */
export const DELETE = route(async (request) => {
  const actor = requireSignedIn(await getActor(request));
  const { code } = await readBody(request, twoFactorCodeSchema);
  const { sessionVersion } = await disableTwoFactor(actor, code, { ip: clientAddress(request) });
  const token = await keepCallerSignedIn(request, actor, sessionVersion);
  return Response.json({ acknowledged: true, ...token });
});

/** Issues the caller's credentials again under the new session version; answers a bearer caller's new token. */
async function keepCallerSignedIn(request: Request, actor: Actor, sessionVersion: number) {
  const renewal = await renewCaller(
    request,
    { id: actor.userId, email: actor.email },
    sessionVersion,
  );
  if (renewal.sessionUpdate) await unstable_update(renewal.sessionUpdate);
  return renewal.token ? { token: renewal.token } : {};
}

export const { PUT, PATCH } = otherMethods('GET', 'POST', 'DELETE');
