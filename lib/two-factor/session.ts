import { randomUUID } from 'node:crypto';
import type { JWT } from '@auth/core/jwt';
import { SignJWT, jwtVerify } from 'jose';
import type { Session } from 'next-auth';
import { sessionToken } from '@/lib/auth/session-cookie';
import { getAuthSecret } from '@/lib/env';
import { isTwoFactorOn } from '@/lib/two-factor/status';

/*
 * Two-factor is a state of the session, not a step of one sign-in form: whatever signed the person in (password,
 * Google or any other provider, an email link), the JWT of an account with two-factor on starts as `mfa: 'pending'`.
 * A pending session names nobody (lib/auth/caller.ts, proxy.ts) except to the code step, whose verify call
 * proves the second factor and then moves the session on with a signed proof (Auth.js's session update runs the jwt
 * callback with data the browser could also send, so only a proof signed here is believed).
 */

/** A pending session that gets no code within this time is signed out. */
export const PENDING_MINUTES = 10;
const PROOF_AUDIENCE = 'toolhaus-second-factor';
const PROOF_LIFETIME = '2m';

const proofKey = () => new TextEncoder().encode(getAuthSecret());

/** At sign-in, with any provider: when the sign-in happened, and whether a second factor is still owed. */
export async function beginSignIn(
  token: JWT,
  userId: string,
  now = Date.now(),
  provider?: string,
): Promise<void> {
  token.authAt = now;
  delete token.mfaVia;
  if (await isTwoFactorOn(userId)) {
    token.mfa = 'pending';
    token.mfaNonce = randomUUID();
    // Its code guesses are throttled apart (lib/two-factor/service.ts): the mailbox's owner is never locked out.
    if (provider === 'email-link') token.mfaVia = 'email-link';
  } else {
    delete token.mfa;
    delete token.mfaNonce;
  }
}

export const isSecondFactorPending = (token: Pick<JWT, 'mfa'> | null | undefined): boolean =>
  token?.mfa === 'pending';

const pendingExpired = (token: Pick<JWT, 'authAt'>, now: number) =>
  (token.authAt ?? 0) + PENDING_MINUTES * 60_000 < now;

/** A session that owes its code and may still give it (an expired one is signed out at its next read). */
export const isCodeOwed = (
  token: Pick<JWT, 'mfa' | 'authAt'> | null | undefined,
  now = Date.now(),
): boolean => token?.mfa === 'pending' && !pendingExpired(token, now);

/**
 * On every later read of the session: a pending session that ran out of time ends (false); an update carrying a
 * valid proof for this very session completes the sign-in.
 */
export async function continueSignIn(
  token: JWT,
  update: unknown,
  now = Date.now(),
): Promise<boolean> {
  if (!isSecondFactorPending(token)) return true;
  if (pendingExpired(token, now)) return false;
  const proof = (update as { secondFactorProof?: unknown } | undefined)?.secondFactorProof;
  if (typeof proof === 'string' && (await proofFits(proof, token))) {
    delete token.mfa;
    delete token.mfaNonce;
    delete token.mfaVia;
  }
  return true;
}

/** Issued by the verify call once the code was right: names the account and the one pending session it is for. */
export async function issueSecondFactorProof(userId: string, nonce: string): Promise<string> {
  return new SignJWT({ nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(PROOF_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(PROOF_LIFETIME)
    .sign(proofKey());
}

async function proofFits(proof: string, token: JWT): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(proof, proofKey(), {
      algorithms: ['HS256'],
      audience: PROOF_AUDIENCE,
    });
    return payload.sub === token.sub && payload.nonce === token.mfaNonce && Boolean(token.mfaNonce);
  } catch {
    return false;
  }
}

/** What a pending session shows the browser: nobody, and that a code is owed (the navbar offers Log In). */
export function pendingSession(session: Session): Session {
  return {
    ...session,
    twoFactorPending: true,
    user: { id: '', email: '', name: null, role: 'customer', sessionVersion: -1 },
  };
}

/**
 * When the request's session cookie signed this account in (not a pending one), or null: a bearer token alone says
 * nothing about a recent sign-in.
 */
export async function sessionSignedInAt(request: Request, userId: string): Promise<number | null> {
  const token = await sessionToken(request);
  if (!token || token.sub !== userId || isSecondFactorPending(token)) return null;
  return typeof token.authAt === 'number' ? token.authAt : null;
}

/** The pending sign-in of the request's session cookie, for the code step: whose it is, which session, how begun. */
export async function pendingSignIn(
  request: Request,
): Promise<{ userId: string; nonce: string; viaEmailLink: boolean } | null> {
  const token = await sessionToken(request);
  if (!token?.sub || !isSecondFactorPending(token) || !token.mfaNonce) return null;
  return { userId: token.sub, nonce: token.mfaNonce, viaEmailLink: token.mfaVia === 'email-link' };
}
