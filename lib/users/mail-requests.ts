import { and, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { mailRequests } from '@/lib/db/schema';
import { tooManyRequests } from '@/lib/errors';

/** Mailed links one email may ask for in the window: enough for a lost mail or two, too few to flood an inbox. */
export const MAX_PER_EMAIL = 5;
/** Requests from one address in the window, whatever the emails: one visitor can not mail the whole list. */
export const MAX_PER_ADDRESS = 20;
export const WINDOW_MINUTES = 15;

export const TOO_MANY_REQUESTS = `Too many requests. Try again in ${WINDOW_MINUTES} minutes.`;

const windowStart = () => new Date(Date.now() - WINDOW_MINUTES * 60_000);

/** Seconds until a request counted at `oldest` (epoch seconds) leaves the window. */
const secondsUntilOutOfWindow = (oldest: number | null) =>
  oldest === null ? WINDOW_MINUTES * 60 : oldest + WINDOW_MINUTES * 60 - Date.now() / 1000;

/**
 * Counts a request that mails something (password reset, a new verification mail, a sign-in link, a sign-up's
 * verification) and refuses it, 429 with Retry-After, past the limits. Every request counts, for existing accounts
 * and unknown emails alike, so the answer says nothing about accounts.
 */
export async function throttleMailRequest(email: string, ip: string): Promise<void> {
  const db = getDb();
  const [counts] = await db
    .select({
      forEmail: sql<number>`count(*) FILTER (WHERE ${mailRequests.email} = ${email})::int`,
      fromAddress: sql<number>`count(*) FILTER (WHERE ${mailRequests.ip} = ${ip})::int`,
      oldestForEmail: sql<number | null>`extract(epoch FROM min(${mailRequests.requestedAt})
        FILTER (WHERE ${mailRequests.email} = ${email}))::float8`,
      oldestFromAddress: sql<number | null>`extract(epoch FROM min(${mailRequests.requestedAt})
        FILTER (WHERE ${mailRequests.ip} = ${ip}))::float8`,
    })
    .from(mailRequests)
    .where(
      and(
        gt(mailRequests.requestedAt, windowStart()),
        sql`(${mailRequests.email} = ${email} OR ${mailRequests.ip} = ${ip})`,
      ),
    );
  const emailFull = (counts?.forEmail ?? 0) >= MAX_PER_EMAIL;
  const addressFull = (counts?.fromAddress ?? 0) >= MAX_PER_ADDRESS;
  if (emailFull || addressFull) {
    const waits = [
      emailFull ? secondsUntilOutOfWindow(counts?.oldestForEmail ?? null) : 0,
      addressFull ? secondsUntilOutOfWindow(counts?.oldestFromAddress ?? null) : 0,
    ];
    throw tooManyRequests(TOO_MANY_REQUESTS, Math.max(...waits));
  }
  await db.insert(mailRequests).values({ email, ip });
  await db.delete(mailRequests).where(lt(mailRequests.requestedAt, windowStart()));
}
