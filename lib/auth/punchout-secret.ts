import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Punch-out's secrets: the cXML SharedSecret and the OCI password are made by the shop (32 random bytes, base64url),
// shown to the company's owner once, and kept only as SHA-256. Strong random secrets need no slow hash; the compare
// is constant-time so a wrong secret's answer does not tell how much of it matched.

export const hashPunchoutSecret = (secret: string) =>
  createHash('sha256').update(secret).digest('hex');

export const newPunchoutSecret = () => randomBytes(32).toString('base64url');

/** An OCI user name: `toolhaus-` and 10 hex digits (easy to type into SAP), unique by the table's constraint. */
export const newOciUsername = () => `toolhaus-${randomBytes(5).toString('hex')}`;

export function secretMatches(given: string, expectedHash: string): boolean {
  const a = Buffer.from(hashPunchoutSecret(given), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
