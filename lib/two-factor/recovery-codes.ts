import { createHmac, randomInt } from 'node:crypto';
import { derivedKey } from '@/lib/two-factor/secret-box';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of 31, about 50 bits; a guess is throttled like a password. */
function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, newCode);

/** What a person typed, as it was issued: case, spaces and a missing dash do not matter. */
export function normaliseRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== 10 || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/**
 * A keyed hash (HMAC-SHA-256 under a key derived from AUTH_SECRET), not argon2: the codes are random with 50 bits,
 * so slowness buys nothing against guessing, while a keyed hash can be looked up by its value in one indexed query
 * (argon2 would be ten verifications per attempt). Without AUTH_SECRET a stolen table can not be tested offline.
 */
export const hashRecoveryCode = (code: string): string =>
  createHmac('sha256', derivedKey('recovery-code')).update(code).digest('base64url');
