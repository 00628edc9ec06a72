// What this instance already knows about sign-in locks, so that a refused attempt costs microseconds and no database
// connection (lib/auth/login-attempts.ts). PostgreSQL stays the shared truth: a lock is believed here for a few
// seconds at most, never past the moment its oldest failure leaves the window, so another instance's reset or an
// expired lock is seen again within that time.

/** How long an instance answers from memory before it asks the database again. */
export const LOCK_MEMORY_MS = 5_000;
/**
 * A remembered lock that lasts longer in the database is confirmed with it this long before it would lapse here, so
 * that a flood never finds it lapsed: all its attempts in flight would then reach Next and the database at once.
 */
const CONFIRM_BEFORE_MS = 1_000;
/** Bounded: a flood from forged addresses leaves at most one entry per locked pair. */
const MAX_ENTRIES = 10_000;

interface Remembered {
  /** when this instance stops believing it */
  until: number;
  /** when the database's lock ends */
  unlockAt: number;
}
interface LockMemory {
  lockedUntil: Map<string, Remembered>;
  turns: Map<string, Promise<unknown>>;
  confirming: Set<string>;
}
// On globalThis: the early refusal at startup (lib/auth/known-lock-refusal.ts), the sign-in route and the no-script
// form's action sit in different bundles of Next, each with its own copy of this module, and must share one memory.
const holder = globalThis as typeof globalThis & { __toolhausSignInLocks?: LockMemory };
const { lockedUntil, turns, confirming } = (holder.__toolhausSignInLocks ??= {
  lockedUntil: new Map(),
  turns: new Map(),
  confirming: new Set(),
});

const keyOf = (email: string, ip: string | null) => (ip === null ? email : `${email}\n${ip}`);

function held(key: string, now: number): Remembered | undefined {
  const entry = lockedUntil.get(key);
  if (entry === undefined || entry.until > now) return entry;
  lockedUntil.delete(key);
  return undefined;
}

/**
 * Whether this email is known to be locked everywhere, or from this address (or device). A device that signed in
 * before (`accountWide` false) is held only by its own lock.
 */
export function knownLock(
  email: string,
  ip: string,
  accountWide = true,
  now = Date.now(),
): boolean {
  return Boolean((accountWide && held(keyOf(email, null), now)) || held(keyOf(email, ip), now));
}

/**
 * knownLock, and when the lock it knows is about to lapse here while the database holds it longer, `confirm` (which
 * asks the database and remembers what it says) runs in the background, once per email at a time.
 */
export function refusedFromMemory(
  email: string,
  ip: string,
  confirm: () => Promise<void>,
  accountWide = true,
  now = Date.now(),
): boolean {
  const entry =
    (accountWide ? held(keyOf(email, null), now) : undefined) ?? held(keyOf(email, ip), now);
  if (!entry) return false;
  const lapsingEarly = entry.until - now < CONFIRM_BEFORE_MS && entry.unlockAt > entry.until;
  if (lapsingEarly && !confirming.has(email)) {
    confirming.add(email);
    void confirm()
      .catch(() => undefined)
      .finally(() => confirming.delete(email));
  }
  return true;
}

/** Remembers a lock the database reported (ip null: the email everywhere) until `unlockAt`, a few seconds at most. */
export function rememberLock(email: string, ip: string | null, unlockAt: number, now = Date.now()) {
  if (lockedUntil.size >= MAX_ENTRIES) {
    for (const [key, { until }] of lockedUntil) if (until <= now) lockedUntil.delete(key);
    // Still full: the oldest entries go first (a Map keeps insertion order).
    for (const key of lockedUntil.keys()) {
      if (lockedUntil.size < MAX_ENTRIES) break;
      lockedUntil.delete(key);
    }
  }
  lockedUntil.set(keyOf(email, ip), { until: Math.min(unlockAt, now + LOCK_MEMORY_MS), unlockAt });
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
