import { getToken } from 'next-auth/jwt';
import { redirect } from 'next/navigation';
import { auth } from '@/lib/auth';
import { verifyAccessToken } from '@/lib/auth/tokens';
import type { Database } from '@/lib/db/client';
import { isTwoFactorOn } from '@/lib/db/two-factor';
import { findIdentityAtVersion, type Identity } from '@/lib/db/users';
import { isSecondFactorPending } from '@/lib/auth/second-factor';
import { getAuthSecret, getEnv } from '@/lib/env';
import { forbidden, unauthorized } from '@/lib/errors';
import { noteAccount } from '@/lib/process/request-context.mjs';
import type { Role } from '@/lib/types';

// Who is calling, in one place: what a request's credential vouches for (resolveCredential), the account it names
// (getActor for route handlers, getSessionActor for pages) and the guards that services and pages apply.

/** Who is making a request, as every service sees it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The account's session version this request's credential was issued under (lib/auth/sessions.ts). */
  sessionVersion: number;
  /** An admin who must turn on two-factor before acting as one (REQUIRE_ADMIN_2FA): see applyAdminTwoFactorRule. */
  twoFactorRequired?: boolean;
}

/** What a verified session cookie or bearer token vouches for, before the account is read. */
export interface Credential {
  userId: string;
  sessionVersion: number;
}

/**
 * The one admin check: every decision that gives a caller more than a customer asks it (or requireAdmin, which
 * does), never the role alone, so that REQUIRE_ADMIN_2FA holds on every read and write alike
 * (tests/admin-check.test.ts keeps it so).
 */
export const isAdmin = (actor: Actor | null): actor is Actor =>
  actor?.role === 'admin' && !actor.twoFactorRequired;

export const ADMIN_NEEDS_TWO_FACTOR =
  'Turn on two-factor authentication on My Profile to use the admin functions';

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

export function toActor(user: Identity): Actor {
  return {
    userId: user.id,
    email: user.email,
    name: user.name ?? user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
  };
}

/** Identity before anything else: an anonymous caller gets 401 before its body is read, let alone judged. */
export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/** Then permission: a signed-in caller who is not an admin gets 403 before its body is read. */
export function requireAdmin(actor: Actor | null, message?: string): Actor {
  const current = requireSignedIn(actor);
  if (current.twoFactorRequired) throw forbidden(ADMIN_NEEDS_TWO_FACTOR);
  if (!isAdmin(current)) throw forbidden(message);
  return current;
}

/**
 * The caller behind a verified credential, read fresh so that a removal or a promotion applies at once. A credential
 * issued under an older session version (sign-out, "Sign out everywhere", a password change) names nobody.
 */
export async function findActor(credential: Credential, db?: Database): Promise<Actor | null> {
  const user = await findIdentityAtVersion(credential.userId, credential.sessionVersion, db);
  return user ? toActor(user) : null;
}

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

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  return header ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
}

/**
 * The one resolver: what a request's credential vouches for, a valid bearer accessToken first, else the Auth.js
 * session cookie. An expired or forged token grants nothing by itself; a browser whose stored token expired still
 * has its cookie. The account is not read here.
 */
export async function resolveCredential(request: Request): Promise<Credential | null> {
  const bearer = bearerToken(request);
  const credential =
    (bearer ? await verifyAccessToken(bearer) : null) ?? (await sessionCredential(request));
  if (credential) noteAccount(credential.userId);
  return credential;
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
  const fromSession = await sessionCredential(request);
  return fromBearer.userId !== fromSession?.userId ? bearer : null;
}

/**
 * The caller of an API route. The account is read from the database each time, so a removed user loses access, a
 * new admin gains it and an ended session stops at once. A service that reads the account in its own statement
 * takes `resolveCredential(request)` instead and saves the read.
 */
export async function getActor(request: Request): Promise<Actor | null> {
  const credential = await resolveCredential(request);
  return credential ? applyAdminTwoFactorRule(await findActor(credential)) : null;
}

/** The signed-in user of a page or server component (the jwt callback reads the account on every request). */
export async function getSessionActor(): Promise<Actor | null> {
  const session = await auth();
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  noteAccount(user.id);
  return applyAdminTwoFactorRule(toActor({ ...user, email: user.email, name: user.name ?? null }));
}

/**
 * The signed-in user of a protected page. proxy.ts already redirects signed-out visitors, but a page must not rely
 * on it alone: a matcher change would silently expose the page.
 */
export async function requirePageActor(from: string): Promise<Actor> {
  const actor = await getSessionActor();
  if (!actor) redirect(`/login?from=${encodeURIComponent(from)}`);
  return actor;
}

/** An admin-only dashboard page: other signed-in users go back to their profile. */
export async function requirePageAdmin(from: string): Promise<Actor> {
  const actor = await requirePageActor(from);
  // REQUIRE_ADMIN_2FA: enrolment on My Profile first.
  if (actor.twoFactorRequired) redirect('/dashboard?twoFactor=required');
  if (!isAdmin(actor)) redirect('/dashboard');
  return actor;
}
