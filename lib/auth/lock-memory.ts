// What this instance already knows about sign-in locks, so that a refused attempt costs microseconds and no database
// connection (lib/auth/login-attempts.ts). PostgreSQL stays the shared truth: a lock is believed here for a few
// seconds at most, never past the moment its oldest failure leaves the window, so another instance's reset or an
// expired lock is seen again within that time.

/** How long an instance answers from memory before it asks the database again. */
export const LOCK_MEMORY_MS = 5_000;
/** Bounded: a flood from forged addresses leaves at most one entry per locked pair. */
const MAX_ENTRIES = 10_000;

const lockedUntil = new Map<string, number>();
const turns = new Map<string, Promise<unknown>>();

const keyOf = (email: string, ip: string | null) => (ip === null ? email : `${email}\n${ip}`);

function isHeld(key: string, now: number): boolean {
  const until = lockedUntil.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  lockedUntil.delete(key);
  return false;
}

/** Whether this email is known to be locked everywhere, or from this address. */
export function knownLock(email: string, ip: string, now = Date.now()): boolean {
  return isHeld(keyOf(email, null), now) || isHeld(keyOf(email, ip), now);
}

/** Remembers a lock the database reported (ip null: the email everywhere) until `unlockAt`, a few seconds at most. */
export function rememberLock(email: string, ip: string | null, unlockAt: number, now = Date.now()) {
  if (lockedUntil.size >= MAX_ENTRIES) {
    for (const [key, until] of lockedUntil) if (until <= now) lockedUntil.delete(key);
    // Still full: the oldest entries go first (a Map keeps insertion order).
    for (const key of lockedUntil.keys()) {
      if (lockedUntil.size < MAX_ENTRIES) break;
      lockedUntil.delete(key);
    }
  }
  lockedUntil.set(keyOf(email, ip), Math.min(unlockAt, now + LOCK_MEMORY_MS));
}

/** A success or a new password lifts the lock here at once (ip null: every lock of the email). */
export function forgetLocks(email: string, ip: string | null) {
  lockedUntil.delete(keyOf(email, null));
  if (ip !== null) {
    lockedUntil.delete(keyOf(email, ip));
    return;
  }
  for (const key of lockedUntil.keys()) if (key.startsWith(`${email}\n`)) lockedUntil.delete(key);
}

/**
 * Runs `work` for one email at a time in this process: attempts for the same account queue here, in memory, rather
 * than each on a database connection behind the same advisory lock.
 */
export function oneAtATime<T>(email: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(email) ?? Promise.resolve();
  const mine = previous.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(email, settled);
  void settled.then(() => {
    if (turns.get(email) === settled) turns.delete(email);
  });
  return mine;
}
