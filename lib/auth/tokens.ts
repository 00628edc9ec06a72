import { SignJWT, jwtVerify } from 'jose';
import { getAuthSecret } from '@/lib/env';

const ISSUER = 'toolhaus';
const AUDIENCE = 'toolhaus-api';
export const TOKEN_LIFETIME = '1h';

/** Whom a token names, and under which session version it was issued (lib/auth/actor.ts's Credential). */
export interface TokenClaims {
  userId: string;
  sessionVersion: number;
}

// Imported into WebCrypto once per secret instead of on every signature and verification.
let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function key(): Promise<CryptoKey> {
  const secret = getAuthSecret();
  if (cachedKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

/** The REST contract's accessToken: a short-lived HS256 JWT naming the user and their session version. */
export async function issueAccessToken(
  userId: string,
  email: string,
  sessionVersion: number,
): Promise<string> {
  return new SignJWT({ email, sv: sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(await key());
}

// A token's verdict only changes when it expires or the secret changes, so a verified token is remembered until
// then: API clients send the same token on every call, and each HMAC verification costs more than a query here.
const VERIFIED_CAPACITY = 1_000;
// Whether the session version is still current is the account's business: lib/auth/caller.ts checks it on every request.
const verified = new Map<string, { credential: TokenClaims; expiresAt: number; secret: string }>();

function remember(token: string, credential: TokenClaims, expiresAt: number, secret: string): void {
  if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!);
  verified.set(token, { credential, expiresAt, secret });
}

/** The user and session version a valid token names, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(token: string): Promise<TokenClaims | null> {
  const secret = getAuthSecret();
  const known = verified.get(token);
  if (known && known.secret === secret && Date.now() < known.expiresAt) return known.credential;
  verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
    const credential = { userId: payload.sub, sessionVersion: payload.sv };
    // issueAccessToken always sets exp; a token without one is valid but not remembered.
    if (typeof payload.exp === 'number') remember(token, credential, payload.exp * 1000, secret);
    return credential;
  } catch {
    return null;
  }
}
