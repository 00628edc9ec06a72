import { SignJWT, jwtVerify } from 'jose';
import { getAuthSecret } from '@/lib/env';

const ISSUER = 'toolshop';
const AUDIENCE = 'toolshop-api';
export const TOKEN_LIFETIME = '1h';

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

/** The REST contract's accessToken: a short-lived HS256 JWT naming the user. */
export async function issueAccessToken(userId: string, email: string): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(await key());
}

/** The user id a valid token names, or null for anything forged, expired or malformed. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
