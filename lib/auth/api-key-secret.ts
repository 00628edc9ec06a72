import { createHash, randomBytes } from 'node:crypto';

// An API key's secret: `tk_live_` and 32 random bytes (base64url), shown once; the database keeps its SHA-256 alone,
// which is also how a call finds its key (a lookup by hash: nothing to compare in constant time).

export const API_KEY_PREFIX = 'tk_live_';

/** How many characters of a key the owner sees afterwards, to tell keys apart: the prefix and 4 random ones. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

/** A new key: the secret for the answer, its hash and its shown prefix for the row. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, SHOWN_CHARACTERS) };
}
