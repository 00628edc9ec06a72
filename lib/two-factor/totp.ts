import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app accepts: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const ISSUER = 'Toolhaus';

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as people type it into an app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, email: string): string =>
  totpFor(secret, email).toString();

/** The time step a moment falls in. */
export const timeStep = (now: number): number => Math.floor(now / 1000 / PERIOD);

/**
 * The time step of the code, when it is valid now or one step either side (a phone's clock a little off), else
 * null. The caller refuses a step it has already accepted.
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : timeStep(now) + delta;
}

/** The code of a moment: what an authenticator app shows (tests, and nothing else, ask for it). */
export const codeAt = (secret: string, now: number): string =>
  totpFor(secret, '').generate({ timestamp: now });
