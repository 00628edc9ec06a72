import { getToken } from 'next-auth/jwt';
import { auth } from '@/lib/auth';
import type { Actor } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { getAuthSecret } from '@/lib/env';
import { findActorById } from '@/lib/auth/find-actor';
import { noteAccount } from '@/lib/observability/request-context';

/** The user id of the Auth.js session cookie a request carries (the __Secure- name under https). */
async function sessionUserId(request: Request): Promise<string | null> {
  for (const secureCookie of [true, false]) {
    const token = await getToken({ req: request, secret: getAuthSecret(), secureCookie });
    if (token?.sub) return token.sub;
  }
  return null;
}

/**
 * The user id a request's credential vouches for: a valid bearer accessToken, else the Auth.js session cookie. An
 * expired or forged token grants nothing by itself; a browser whose stored token expired still has its cookie.
 * The account is not read here: a service given only this id must find the account in its own statement.
 */
export async function getCallerId(request: Request): Promise<string | null> {
  const bearer = bearerToken(request);
  return (bearer ? await verifyAccessToken(bearer) : null) ?? (await sessionUserId(request));
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
  const bearerUserId = bearer ? await verifyAccessToken(bearer) : null;
  const sessionId = await sessionUserId(request);
  const userId = bearerUserId ?? sessionId;
  return {
    actor: userId ? await findActorById(userId) : null,
    loneToken: bearer && bearerUserId && bearerUserId !== sessionId ? bearer : null,
  };
}

/**
 * The one way every API route learns who is calling. The account is read from the database each time, so a removed
 * user loses access and a new admin gains it at once.
 */
export async function getActor(request: Request): Promise<Actor | null> {
  const userId = await getCallerId(request);
  if (!userId) return null;
  noteAccount(userId);
  return findActorById(userId);
}

/** The signed-in user of a page or server component (role read from the database by the jwt callback). */
export async function getSessionActor(): Promise<Actor | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  noteAccount(user.id);
  return { userId: user.id, email: user.email, name: user.name ?? user.email, role: user.role };
}
