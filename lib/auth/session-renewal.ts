import type { JWT } from '@auth/core/jwt';
import { SignJWT, jwtVerify } from 'jose';
import { sessionToken } from '@/lib/auth/session-cookie';
import { issueAccessToken } from '@/lib/auth/tokens';
import { getAuthSecret } from '@/lib/env';

/*
 * Some changes end every session of an account but the one that made them (turning two-factor on or off): the
 * session version moves on, and the caller's own credential is issued again under the new version. Auth.js's session
 * update runs the jwt callback with data the browser could also send, so the cookie moves on only with a proof signed
 * here, naming the account, this very cookie (its `jti`) and the version it may carry.
 */

const RENEWAL_AUDIENCE = 'toolhaus-session-renewal';
const RENEWAL_LIFETIME = '2m';
const renewalKey = () => new TextEncoder().encode(getAuthSecret());

/** What the caller's credentials become once the account's sessions were ended under them. */
export interface Renewal {
  /** For Auth.js's session update (`unstable_update`), when the request came with a session cookie. */
  sessionUpdate?: { sessionRenewal: string };
  /** A new bearer token, when the request came with one: the old one ended with the others. */
  token?: string;
}

/** The credentials of this request, issued again under the account's new session version. */
export async function renewCaller(
  request: Request,
  user: { id: string; email: string },
  sessionVersion: number,
): Promise<Renewal> {
  const renewal: Renewal = {};
  const cookie = await sessionToken(request);
  if (cookie?.sub === user.id && typeof cookie.jti === 'string') {
    const proof = await new SignJWT({ jti: cookie.jti, sv: sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience(RENEWAL_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(RENEWAL_LIFETIME)
      .sign(renewalKey());
    renewal.sessionUpdate = { sessionRenewal: proof };
  }
  if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) {
    renewal.token = await issueAccessToken(user.id, user.email, sessionVersion);
  }
  return renewal;
}

/** Whether a session update carries a proof that moves this very cookie on to the account's current version. */
export async function renewedTo(
  update: unknown,
  token: JWT,
  currentVersion: number,
): Promise<boolean> {
  const proof = (update as { sessionRenewal?: unknown } | undefined)?.sessionRenewal;
  if (typeof proof !== 'string' || typeof token.jti !== 'string') return false;
  try {
    const { payload } = await jwtVerify(proof, renewalKey(), {
      algorithms: ['HS256'],
      audience: RENEWAL_AUDIENCE,
    });
    return payload.sub === token.sub && payload.jti === token.jti && payload.sv === currentVersion;
  } catch {
    return false;
  }
}
