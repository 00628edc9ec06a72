import { and, count, eq, inArray } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { quotes } from '@/lib/db/schema';
import { takeThrottleSlots } from '@/lib/db/throttle';
import { conflict } from '@/lib/errors';

// Each quote and each message of a customer's mails the shop's people: enough for real work, too few to flood them.
export const QUOTES_PER_HOUR = 20;
export const MESSAGES_PER_HOUR = 60;
/** Quotes still waiting for an answer or for the customer's decision. */
export const MAX_OPEN_QUOTES = 50;

export const TOO_MANY_QUOTES = `You can ask for at most ${QUOTES_PER_HOUR} quotes an hour. Please try again later.`;
export const TOO_MANY_MESSAGES = `You can send at most ${MESSAGES_PER_HOUR} messages an hour. Please try again later.`;
export const TOO_MANY_OPEN_QUOTES = `You have ${MAX_OPEN_QUOTES} open quotes. Accept, decline or withdraw one before asking for another.`;

const perHour = (action: string, actor: Actor, limit: number) => [
  { bucket: `${action}:account:${actor.userId}`, limit, windowMinutes: 60 },
  { bucket: `${action}:client:${actor.address ?? 'unknown'}`, limit, windowMinutes: 60 },
];

/** Counts a quote request in its own transaction, or refuses it: per hour, and while 50 quotes are open. */
export async function takeQuoteRequestSlot(tx: Database, actor: Actor): Promise<void> {
  await takeThrottleSlots(tx, perHour('quote', actor, QUOTES_PER_HOUR), TOO_MANY_QUOTES);
  // Counted under the account's throttle lock, which the line above holds to the end of the transaction.
  const [open] = await tx
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.userId, actor.userId), inArray(quotes.status, ['requested', 'answered'])));
  if ((open?.n ?? 0) >= MAX_OPEN_QUOTES) throw conflict(TOO_MANY_OPEN_QUOTES);
}

/** Counts a message on a quote in its own transaction, or refuses it past the hour's limit. */
export const takeQuoteMessageSlot = (tx: Database, actor: Actor) =>
  takeThrottleSlots(tx, perHour('quote_message', actor, MESSAGES_PER_HOUR), TOO_MANY_MESSAGES);
