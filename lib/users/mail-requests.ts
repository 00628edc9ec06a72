import { and, gt, lt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { mailRequests } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

/** Mailed links one email may ask for in the window: enough for a lost mail or two, too few to flood an inbox. */
export const MAX_PER_EMAIL = 5;
/** Requests from one address in the window, whatever the emails: one visitor can not mail the whole list. */
export const MAX_PER_ADDRESS = 20;
export const WINDOW_MINUTES = 15;

export const TOO_MANY_REQUESTS = `Too many requests. Try again in ${WINDOW_MINUTES} minutes.`;

const windowStart = () => new Date(Date.now() - WINDOW_MINUTES * 60_000);

/**
 * Counts a request for a mailed link (password reset, a new verification mail) and refuses it, 429, past the limits.
 * Every request counts, for existing accounts and unknown emails alike, so the answer says nothing about accounts.
 */
export async function throttleMailRequest(email: string, ip: string): Promise<void> {
  const db = getDb();
  const [counts] = await db
    .select({
      forEmail: sql<number>`count(*) FILTER (WHERE ${mailRequests.email} = ${email})::int`,
      fromAddress: sql<number>`count(*) FILTER (WHERE ${mailRequests.ip} = ${ip})::int`,
    })
    .from(mailRequests)
    .where(
      and(
        gt(mailRequests.requestedAt, windowStart()),
        sql`(${mailRequests.email} = ${email} OR ${mailRequests.ip} = ${ip})`,
      ),
    );
  if ((counts?.forEmail ?? 0) >= MAX_PER_EMAIL || (counts?.fromAddress ?? 0) >= MAX_PER_ADDRESS) {
    throw new AppError(429, 'too_many_requests', TOO_MANY_REQUESTS);
  }
  await db.insert(mailRequests).values({ email, ip });
  await db.delete(mailRequests).where(lt(mailRequests.requestedAt, windowStart()));
}
