import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { accountCartContents, type CartContents } from '@/lib/cart/account-cart';
import { lockAccount } from '@/lib/cart/account-lock';
import { NOBODY } from '@/lib/db/billed-party';
import type { Database } from '@/lib/db/client';
import { cartLines, guestCartLines, guestCarts, tools } from '@/lib/db/schema';
import { takeThrottleSlots } from '@/lib/db/throttle';
import { conflict } from '@/lib/errors';
import { MAX_CART_LINES } from '@/lib/validation/cart';

export const CART_FULL = `A cart holds at most ${MAX_CART_LINES} lines`;

/**
 * A visitor who is not signed in, shopping with the cart their cookie names (lib/cart/guest-cookie.ts). A write that
 * finds no live cart opens one and writes its id here, for the answer to set the cookie.
 */
export interface GuestShopper {
  guestCartId: string | null;
  address: string;
}

/** Whose cart a cart service works on: a signed-in account's, or a guest's. */
export type Shopper = Actor | GuestShopper;

export const isGuest = (shopper: Shopper): shopper is GuestShopper => !('userId' in shopper);

/**
 * Guest carts a client address may open: a visitor opens one and keeps it 30 days, so 20 a day is plenty for a
 * household or an office behind one address; the shop-wide bound keeps a spread-out flood from filling the database
 * (at most 100 lines each, docs/DECISIONS.md, "A cart before signing in").
 */
export const GUEST_CARTS_PER_ADDRESS_PER_DAY = 20;
export const GUEST_CARTS_PER_HOUR = 500;
export const GUEST_CARTS_THROTTLED =
  'Too many carts were opened from your address: sign in to keep shopping, or try again later';

type Line = { toolId: string; quantity: number };

/** The cart's storage: the account's lines (cart_lines) or the guest's (guest_cart_lines), with the same rules. */
export interface CartStore {
  /** Locks the cart for the rest of the transaction (a guest's first write opens its cart). */
  lockForWrite(tx: Database): Promise<void>;
  /** The lines as stored, for the cart's rules to judge what comes in. */
  lines(tx: Database): Promise<Line[]>;
  /** The lines with their tools as they are today, oldest line first, and the terms they are priced on. */
  contents(db: Database): Promise<CartContents>;
  /** Writes lines (new or changed), refusing with 409 what would take the cart past its cap; under lockForWrite. */
  upsert(tx: Database, lines: readonly Line[]): Promise<void>;
  remove(db: Database, toolId: string): Promise<void>;
}

/** Writes lines of an account's cart (new or changed), refusing with 409 what would take it past its cap. */
export async function upsertLines(tx: Database, userId: string, lines: readonly Line[]) {
  if (lines.length === 0) return;
  await tx
    .insert(cartLines)
    .values(lines.map((line) => ({ userId, ...line })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: { quantity: sql`excluded.quantity` },
    });
  const [row] = await tx
    .select({ lines: count() })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  // Under the account's lock nobody else adds lines: over the cap means these lines did it, and they roll back.
  if ((row?.lines ?? 0) > MAX_CART_LINES) throw conflict(CART_FULL);
}

function accountStore(userId: string): CartStore {
  return {
    lockForWrite: async (tx) => {
      await lockAccount(tx, userId);
    },
    lines: (tx) =>
      tx
        .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.userId, userId)),
    contents: (db) => accountCartContents(db, userId),
    upsert: (tx, lines) => upsertLines(tx, userId, lines),
    remove: async (db, toolId) => {
      await db
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
    },
  };
}

const live = (id: string) => and(eq(guestCarts.id, id), gt(guestCarts.expiresAt, sql`now()`));

function guestStore(guest: GuestShopper): CartStore {
  const id = () => guest.guestCartId ?? '00000000-0000-0000-0000-000000000000';
  return {
    async lockForWrite(tx) {
      if (guest.guestCartId) {
        // Each change keeps the cart 30 more days, and its row lock holds the cap like the account's lock does.
        const [kept] = await tx
          .update(guestCarts)
          .set({ expiresAt: sql`now() + interval '30 days'` })
          .where(live(guest.guestCartId))
          .returning({ id: guestCarts.id });
        if (kept) return;
      }
      await takeThrottleSlots(
        tx,
        [
          {
            bucket: `guest-cart:client:${guest.address}`,
            limit: GUEST_CARTS_PER_ADDRESS_PER_DAY,
            windowMinutes: 24 * 60,
          },
          { bucket: 'guest-cart:shop', limit: GUEST_CARTS_PER_HOUR, windowMinutes: 60 },
        ],
        GUEST_CARTS_THROTTLED,
      );
      const [opened] = await tx.insert(guestCarts).values({}).returning({ id: guestCarts.id });
      guest.guestCartId = opened!.id;
    },
    lines: (tx) =>
      tx
        .select({ toolId: guestCartLines.toolId, quantity: guestCartLines.quantity })
        .from(guestCartLines)
        .where(eq(guestCartLines.guestCartId, id())),
    // A guest is billed as nobody in particular, at the catalogue's prices, until they sign in.
    contents: async (db) => ({
      rows: guest.guestCartId
        ? await db
            .select({ quantity: guestCartLines.quantity, tool: tools })
            .from(guestCartLines)
            .innerJoin(guestCarts, eq(guestCarts.id, guestCartLines.guestCartId))
            .innerJoin(tools, eq(tools.id, guestCartLines.toolId))
            .where(live(guest.guestCartId))
            .orderBy(asc(guestCartLines.createdAt), asc(guestCartLines.toolId))
        : [],
      priceList: null,
      billed: NOBODY,
    }),
    async upsert(tx, lines) {
      if (lines.length === 0) return;
      await tx
        .insert(guestCartLines)
        .values(lines.map((line) => ({ guestCartId: id(), ...line })))
        .onConflictDoUpdate({
          target: [guestCartLines.guestCartId, guestCartLines.toolId],
          set: { quantity: sql`excluded.quantity` },
        });
      const [row] = await tx
        .select({ lines: count() })
        .from(guestCartLines)
        .where(eq(guestCartLines.guestCartId, id()));
      if ((row?.lines ?? 0) > MAX_CART_LINES) throw conflict(CART_FULL);
    },
    async remove(db, toolId) {
      if (!guest.guestCartId) return;
      await db
        .delete(guestCartLines)
        .where(
          and(eq(guestCartLines.guestCartId, guest.guestCartId), eq(guestCartLines.toolId, toolId)),
        );
    },
  };
}

/** The store of the caller's cart; nobody at all (no account, no guest) is a 401. */
export function cartStoreOf(shopper: Shopper | null): CartStore {
  if (shopper && isGuest(shopper)) return guestStore(shopper);
  return accountStore(requireSignedIn(shopper).userId);
}
