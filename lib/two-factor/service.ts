import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Actor } from '@/lib/auth/actor';
import { getDb } from '@/lib/db/client';
import { endAllSessions } from '@/lib/auth/sessions';
import { recoveryCodes, twoFactor } from '@/lib/db/schema';
import { badRequest, conflict, unauthorized } from '@/lib/errors';
import { clearLoginFailures, reserveLoginAttempt } from '@/lib/auth/login-attempts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
} from '@/lib/two-factor/recovery-codes';
import { open, seal } from '@/lib/two-factor/secret-box';
import { isTwoFactorOn } from '@/lib/two-factor/status';
import { matchingStep, newTotpSecret, otpauthUri } from '@/lib/two-factor/totp';

export const WRONG_CODE = 'The code is not right';
export const LOCKED = 'Too many failed sign-in attempts. Try again in 15 minutes.';
/**
 * The code step of a sign-in that began with a password, once the account's code guesses reached their bound: a
 * stranger who has the password can get there, so the owner is never left waiting and finishes by the emailed link,
 * whose sessions guess under a key of their own (only the mailbox's owner reaches it).
 */
export const CODE_LOCKED =
  'Too many wrong codes for this account. For your security, finish signing in with a link we email you, then enter your code.';

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  /** the otpauth URI as an SVG QR code, a data: URL drawn on the server (nothing is fetched) */
  qrCode: string;
}

/** Who proves a second factor, and from where (throttling). */
export interface FactorContext {
  ip: string;
  now?: number;
  /** The code step of a sign-in, and whether that sign-in began with the emailed link (its own throttling key). */
  signIn?: 'password' | 'email-link';
}

/**
 * Code guesses are throttled apart from password guesses, under their own key: a correct password clears the
 * password failures, and must not clear the code failures too (or each fresh sign-in would buy ten more guesses).
 * A sign-in that began with the emailed link guesses under another key, which only the mailbox's owner can fill.
 */
const throttleKey = (email: string, signIn?: FactorContext['signIn']) =>
  signIn === 'email-link' ? `two-factor-link:${email}` : `two-factor:${email}`;

export async function getTwoFactorStatus(actor: Actor | null): Promise<TwoFactorStatus> {
  if (!actor) throw unauthorized();
  const enabled = await isTwoFactorOn(actor.userId);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const [row] = await getDb()
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, actor.userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: row?.left ?? 0 };
}

/** A new secret to put into an authenticator app; it takes effect once a code from the app confirms it. */
export async function startEnrolment(actor: Actor | null): Promise<Enrolment> {
  if (!actor) throw unauthorized();
  if (await isTwoFactorOn(actor.userId)) throw conflict('Two-factor authentication is already on');
  const secret = newTotpSecret();
  await getDb()
    .insert(twoFactor)
    .values({ userId: actor.userId, secret: seal(secret) })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: seal(secret), lastStep: null, createdAt: new Date() },
    });
  const uri = otpauthUri(secret, actor.email);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Reserves one guess before the code is checked, as a password check does: concurrent guesses stay bounded. */
async function reserveGuess(
  email: string,
  ip: string,
  signIn?: FactorContext['signIn'],
): Promise<void> {
  if (!(await reserveLoginAttempt(throttleKey(email, signIn), ip))) {
    const message = signIn === 'password' ? CODE_LOCKED : LOCKED;
    throw badRequest(message, { code: message });
  }
}

const wrongCode = () => badRequest(WRONG_CODE, { code: WRONG_CODE });

/** The enrolment's first code turns two-factor on and answers the ten recovery codes, shown this once. */
export async function confirmEnrolment(
  actor: Actor | null,
  code: string,
  { ip, now = Date.now() }: FactorContext,
): Promise<{ recoveryCodes: string[]; sessionVersion: number }> {
  if (!actor) throw unauthorized();
  await reserveGuess(actor.email, ip);
  const [pending] = await getDb()
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, actor.userId), isNull(twoFactor.enabledAt)));
  if (!pending) throw conflict('Start again: there is no two-factor set-up waiting for a code');
  const secret = open(pending.secret);
  const step = secret === null ? null : matchingStep(secret, code.trim(), now);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  const sessionVersion = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(twoFactor)
      .set({ enabledAt: new Date(now), lastStep: step })
      .where(and(eq(twoFactor.userId, actor.userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!row) return null;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((plain) => ({ userId: actor.userId, codeHash: hashRecoveryCode(plain) })));
    // Whoever signed in with the password alone before now keeps no session: only the caller's is renewed.
    return endAllSessions(actor.userId, tx);
  });
  if (sessionVersion === null) throw conflict('Two-factor authentication is already on');
  await clearLoginFailures(throttleKey(actor.email), ip);
  return { recoveryCodes: codes, sessionVersion };
}

/** Takes a TOTP code once: its step must be later than the last accepted one (no replay within the window). */
async function acceptTotp(userId: string, code: string, now: number): Promise<boolean> {
  const [row] = await getDb()
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  const secret = row ? open(row.secret) : null;
  const step = secret === null ? null : matchingStep(secret, code, now);
  if (step === null) return false;
  // One statement: of two requests with the same code, only one moves last_step on.
  const [taken] = await getDb()
    .update(twoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return taken !== undefined;
}

async function acceptRecoveryCode(userId: string, input: string): Promise<boolean> {
  const code = normaliseRecoveryCode(input);
  if (!code) return false;
  const [used] = await getDb()
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  return used !== undefined;
}

/**
 * The second factor of an account whose two-factor is on: a current code from the app, or an unused recovery code
 * (used up by this). Every guess is reserved first and counts toward the sign-in throttling until one is right.
 */
export async function proveSecondFactor(
  user: { id: string; email: string },
  input: string,
  { ip, now = Date.now(), signIn }: FactorContext,
): Promise<void> {
  await reserveGuess(user.email, ip, signIn);
  const code = input.trim();
  const accepted = /^\d{6}$/.test(code)
    ? await acceptTotp(user.id, code, now)
    : await acceptRecoveryCode(user.id, code);
  if (!accepted) throw wrongCode();
  await clearLoginFailures(throttleKey(user.email, signIn), ip);
}

/** Turning two-factor off takes a code (or a recovery code), so a borrowed open session can not do it. */
export async function disableTwoFactor(
  actor: Actor | null,
  code: string,
  context: FactorContext,
): Promise<{ acknowledged: true; sessionVersion: number }> {
  if (!actor) throw unauthorized();
  if (!(await isTwoFactorOn(actor.userId))) throw conflict('Two-factor authentication is off');
  await proveSecondFactor({ id: actor.userId, email: actor.email }, code, context);
  const sessionVersion = await getDb().transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, actor.userId));
    // The sessions that proved a code are no safer than the password now: all but the caller's end.
    return endAllSessions(actor.userId, tx);
  });
  return { acknowledged: true, sessionVersion };
}
