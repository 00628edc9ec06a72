import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getAuthSecret } from '@/lib/env';

// Every stored two-factor secret and recovery code was sealed under this label, from before the product took its
// one name, Toolhaus: another label would leave every enrolled authenticator unreadable, so this one stays.
const KEY_LABEL = 'toolshop-two-factor';

/**
 * Keys for the two-factor data, derived from AUTH_SECRET with HKDF: a copy of the database alone (a backup, a
 * read-only SQL injection) yields neither usable TOTP secrets nor recovery codes that can be guessed offline.
 * Rotating AUTH_SECRET therefore turns two-factor off in effect for everyone (docs/OPERATIONS.md).
 */
export function derivedKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', getAuthSecret(), KEY_LABEL, purpose, 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. The tag makes a tampered row fail to open. */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey('totp-secret'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The plain text of a sealed value, or null when it was sealed under another AUTH_SECRET or altered. */
export function open(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey('totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
