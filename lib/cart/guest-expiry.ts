import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { guestCarts } from '@/lib/db/schema';
import type { ScheduledJob } from '@/lib/jobs/schedule';

/** How many expired guest carts one run removes at most: short statements, the rest at the next run. */
const BATCH = 1000;

/**
 * Removes guest carts 30 days past their last change (their lines go with them). Every instance may run it at once:
 * a DELETE is its own claim, and SKIP LOCKED leaves a cart being merged or written to its transaction.
 */
export async function removeExpiredGuestCarts(): Promise<number> {
  const removed = await queryRows<{ id: string }>(
    getDb(),
    sql`DELETE FROM ${guestCarts} WHERE id IN (
          SELECT id FROM ${guestCarts} WHERE expires_at <= now()
          ORDER BY expires_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  return removed.length;
}

export const GUEST_CART_EXPIRY_JOB: ScheduledJob = {
  name: 'guest-cart-expiry',
  // An expired cart is already invisible (every read checks expires_at): this only gives the space back.
  everyMs: 10 * 60_000,
  run: () => removeExpiredGuestCarts(),
};
