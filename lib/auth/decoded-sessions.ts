import { decode, type JWT } from '@auth/core/jwt';

// A session cookie (or bearer token) is an encrypted JWT: decoding it derives its key with HKDF and decrypts it, about
// a twentieth of a signed-in page's CPU, done by proxy.ts and again by the page. The same string always decodes to the
// same claims, so each instance keeps what it decoded for a short while. Nothing here vouches for the account: the
// callers check the session version against the database on every request (lib/auth/caller.ts), so a sign-out or a
// removal still applies at once.

/** How long a decoded token is believed here; never past its own expiry. */
export const DECODED_MEMORY_MS = 5 * 60_000;
/** Bounded: a flood of forged tokens costs at most this many entries. */
const MAX_ENTRIES = 10_000;

interface Decoded {
  claims: JWT | null;
  until: number;
  /** the secret it was decoded with: a token decoded under another secret is decoded again */
  secret: string;
}

// On globalThis: proxy.ts and each page and route handler are bundled apart by Next, each with its own copy of this
// module, and one request passes through both.
const holder = globalThis as typeof globalThis & {
  __toolhausDecodedSessions?: Map<string, Decoded>;
};
const decoded = (holder.__toolhausDecodedSessions ??= new Map());

function remember(key: string, entry: Decoded, now: number) {
  if (decoded.size >= MAX_ENTRIES) {
    for (const [old, { until }] of decoded) if (until <= now) decoded.delete(old);
    // Still full: the oldest entries go first (a Map keeps insertion order).
    for (const old of decoded.keys()) {
      if (decoded.size < MAX_ENTRIES) break;
      decoded.delete(old);
    }
  }
  decoded.set(key, entry);
}

/**
 * Auth.js's decode, remembered per token and salt (the cookie's name): a token that does not decode is remembered as
 * nothing, as getToken reads a throw.
 */
export async function rememberedDecode(params: {
  token?: string;
  secret: string | string[];
  salt: string;
}): Promise<JWT | null> {
  const { token, salt } = params;
  if (!token) return null;
  const key = `${salt}\n${token}`;
  const secret = [params.secret].flat().join('\n');
  const now = Date.now();
  const known = decoded.get(key);
  if (known && known.until > now && known.secret === secret) return known.claims;
  // Frozen: every caller of this instance shares the object, so none may change what another reads.
  const claims = await decode(params).then(
    (read) => (read ? Object.freeze(read) : null),
    () => null,
  );
  const expiresAt = typeof claims?.exp === 'number' ? claims.exp * 1000 : Infinity;
  if (expiresAt > now) {
    remember(key, { claims, until: Math.min(now + DECODED_MEMORY_MS, expiresAt), secret }, now);
  }
  return claims;
}
