import type { JWT } from '@auth/core/jwt';
import { headers } from 'next/headers';
import { cache } from 'react';
import { toActor, type Actor, type Credential } from '@/lib/auth/actor';
import { apiKeyCredential } from '@/lib/auth/api-key-gate';
import { isApiKey } from '@/lib/auth/api-key-secret';
import { sessionToken } from '@/lib/auth/session-cookie';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { findIdentityAtVersion, type Identity } from '@/lib/db/users';
import { clientAddress, clientRequest } from '@/lib/client-request';
import { getEnv } from '@/lib/env';
import { noteAccount } from '@/lib/process/request-context.mjs';
import { isSecondFactorPending, isTwoFactorOn } from '@/lib/two-factor';

// The resolver: who is calling, once per request. A route handler asks with its Request (getActor, or
// resolveCredential when its service reads the account in its own statement); a page or server component asks
// getSessionActor, shared by the layout and the page of one render. Both read the same cookie the same way and the
// account once; proxy.ts reads neither (the pages decide).

/**
 * REQUIRE_ADMIN_2FA=true: an admin without two-factor is an admin in name only until they enrol. Marked here, where
 * every caller is resolved, so that isAdmin() is false for them in every service, and requireAdmin says why.
 */
async function applyAdminTwoFactorRule(actor: Actor | null): Promise<Actor | null> {
  if (actor?.role !== 'admin' || !getEnv().REQUIRE_ADMIN_2FA) return actor;
  if (await isTwoFactorOn(actor.userId)) return actor;
  return { ...actor, twoFactorRequired: true };
}

/** The caller behind an account row a service read in its own statement, with the admin rule applied. */
export const actorFromIdentity = (user: Identity): Promise<Actor | null> =>
  applyAdminTwoFactorRule(toActor(user));

/**
 * The caller behind a verified credential, read fresh so that a removal or a promotion applies at once. A credential
 * issued under an older session version (sign-out, "Sign out everywhere", a password change) names nobody.
 */
export async function findActor(credential: Credential): Promise<Actor | null> {
  const user = await findIdentityAtVersion(credential.userId, credential.sessionVersion);
  return user ? toActor(user) : null;
}

/** What a session vouches for; one still owing its two-factor code names nobody (lib/two-factor/session.ts). */
const sessionCredential = (token: JWT | null): Credential | null =>
  token?.sub && !isSecondFactorPending(token)
    ? { userId: token.sub, sessionVersion: token.sv ?? -1 }
    : null;

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  return header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
}

// The request context of a route handler: whatever asks about the same Request gets the first answer.
const credentials = new WeakMap<Request, Promise<Credential | null>>();
const actors = new WeakMap<Request, Promise<Actor | null>>();

function once<T>(memo: WeakMap<Request, Promise<T>>, request: Request, work: () => Promise<T>) {
  let answer = memo.get(request);
  if (!answer) {
    answer = work();
    memo.set(request, answer);
  }
  return answer;
}

/**
 * What a request's credential vouches for: a company's API key (`tk_live_…`, lib/auth/api-key-gate.ts), or a valid
 * bearer accessToken first (API clients), else the Auth.js session cookie (the browser). An expired or forged token
 * grants nothing by itself. The account is not read here (a key's statement reads its maker's row).
 */
export function resolveCredential(request: Request): Promise<Credential | null> {
  return once(credentials, request, async () => {
    const bearer = bearerToken(request);
    // An API key is the whole credential: refused (401, 403, 429) rather than passed over for a cookie beside it.
    const credential =
      bearer && isApiKey(bearer)
        ? await apiKeyCredential(request, bearer)
        : await tokenOrSession(request, bearer);
    if (credential) noteAccount(credential.userId);
    return credential;
  });
}

/** A bearer accessToken if it is valid, else the Auth.js session cookie. */
async function tokenOrSession(request: Request, bearer: string | undefined) {
  return (
    (bearer ? await verifyAccessToken(bearer) : null) ??
    sessionCredential(await sessionToken(request))
  );
}

/**
 * For the routes that read no caller (the public catalogue): an API key is still judged there, so that a revoked key
 * or one without the scope is refused as on every other route. Nothing happens without a key.
 */
export async function refuseUnfitApiKey(request: Request): Promise<void> {
  const bearer = bearerToken(request);
  if (bearer && isApiKey(bearer)) await resolveCredential(request);
}

/**
 * The bearer token, when it is the caller's only credential (no session cookie of the same account): PUT
 * /api/user/{email} answers such a caller with that token rather than a fresh one, so that a token, once taken, can
 * not renew itself past its expiry.
 */
export async function loneBearerToken(request: Request): Promise<string | null> {
  const bearer = bearerToken(request);
  const fromBearer = bearer ? await verifyAccessToken(bearer) : null;
  if (!bearer || !fromBearer) return null;
  const fromSession = sessionCredential(await sessionToken(request));
  return fromBearer.userId !== fromSession?.userId ? bearer : null;
}

/**
 * The caller of an API route, its account read once per request, fresh from the database, so a removed user loses
 * access, a new admin gains it and an ended session stops at once. A service that reads the account in its own
 * statement takes `resolveCredential(request)` instead and saves the read.
 */
export function getActor(request: Request): Promise<Actor | null> {
  return once(actors, request, async () => {
    const credential = await resolveCredential(request);
    const actor = credential ? await applyAdminTwoFactorRule(await findActor(credential)) : null;
    if (actor && credential?.key) {
      // A key never carries more than a customer's powers, whoever made it.
      return { ...actor, role: 'customer', key: credential.key, address: clientAddress(request) };
    }
    return actor && { ...actor, address: clientAddress(request) };
  });
}

/**
 * The signed-in user of a page, a server component or a server action: the session cookie, its account read once per
 * render (React's cache() is per request), so the layout and the page of one request share one read.
 */
export const getSessionActor = cache(async (): Promise<Actor | null> => {
  const requestHeaders = await headers();
  const credential = sessionCredential(await sessionToken({ headers: requestHeaders }));
  if (!credential) return null;
  noteAccount(credential.userId);
  const actor = await applyAdminTwoFactorRule(await findActor(credential));
  return actor && { ...actor, address: clientRequest(requestHeaders).address };
});
