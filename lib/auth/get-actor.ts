import { getToken } from 'next-auth/jwt';
import { auth } from '@/lib/auth';
import { isAdmin, type Actor, type Credential } from '@/lib/auth/actor';
import { ADMIN_NEEDS_TWO_FACTOR, applyAdminTwoFactorRule } from '@/lib/auth/admin-two-factor';
import { isSecondFactorPending } from '@/lib/auth/second-factor';
import { findActorByCredential, toActor } from '@/lib/auth/find-actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getAuthSecret } from '@/lib/env';
import { forbidden, unauthorized } from '@/lib/errors';
import { noteAccount } from '@/lib/observability/request-context';

/** The credential of the Auth.js session cookie a request carries (the __Secure- name under https). */
async function sessionCredential(request: Request): Promise<Credential | null> {
  for (const secureCookie of [true, false]) {
    const token = await getToken({ req: request, secret: getAuthSecret(), secureCookie });
    // A session still owing its two-factor code names nobody (lib/auth/second-factor.ts).
    if (token?.sub && !isSecondFactorPending(token)) {
      return { userId: token.sub, sessionVersion: token.sv ?? -1 };
    }
  }
  return null;
}

/**
 * What a request's credential vouches for: a valid bearer accessToken, else the Auth.js session cookie. An expired
 * or forged token grants nothing by itself; a browser whose stored token expired still has its cookie. The account
 * is not read here: a service given only this must find the account, at this session version, in its own statement.
 */
export async function getCredential(request: Request): Promise<Credential | null> {
  const bearer = bearerToken(request);
  return (bearer ? await verifyAccessToken(bearer) : null) ?? (await sessionCredential(request));
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  return header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
}

/**
 * The caller, and the bearer token they presented when that token is their only credential (no session cookie of
 * the same account): PUT /api/user/{email} gives such a caller their own token back rather than a fresh one, so
 * that a token, once taken, can not renew itself past its expiry.
 */
export async function getActorAndLoneToken(
  request: Request,
): Promise<{ actor: Actor | null; loneToken: string | null }> {
  const bearer = bearerToken(request);
  const fromBearer = bearer ? await verifyAccessToken(bearer) : null;
  const fromSession = await sessionCredential(request);
  const credential = fromBearer ?? fromSession;
  return {
    actor: credential
      ? await applyAdminTwoFactorRule(await findActorByCredential(credential))
      : null,
    loneToken: bearer && fromBearer && fromBearer.userId !== fromSession?.userId ? bearer : null,
  };
}

/**
 * The one way every API route learns who is calling. The account is read from the database each time, so a removed
 * user loses access, a new admin gains it and an ended session stops at once.
 */
export async function getActor(request: Request): Promise<Actor | null> {
  const credential = await getCredential(request);
  if (!credential) return null;
  noteAccount(credential.userId);
  return applyAdminTwoFactorRule(await findActorByCredential(credential));
}

/** Identity before anything else: an anonymous caller gets 401 before its body is read, let alone judged. */
export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/** Then permission: a signed-in caller who is not an admin gets 403 before its body is read. */
export function requireAdminCaller(actor: Actor | null): Actor {
  const current = requireSignedIn(actor);
  if (current.twoFactorRequired) throw forbidden(ADMIN_NEEDS_TWO_FACTOR);
  if (!isAdmin(current)) throw forbidden();
  return current;
}

/** The signed-in user of a page or server component (role read from the database by the jwt callback). */
export async function getSessionActor(): Promise<Actor | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  noteAccount(user.id);
  return applyAdminTwoFactorRule(toActor({ ...user, email: user.email, name: user.name ?? null }));
}
