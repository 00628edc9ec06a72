import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { placeOnTermsOrNot, type AwaitingCheckout } from '@/lib/orders/checkout';
import { destinationOf } from '@/lib/orders/ship-to';
import { documentPlaced, type PlacedCheckout } from '@/lib/orders/placement';
import { getDb, type Database } from '@/lib/db/client';
import { quoteLines, quotes, users } from '@/lib/db/schema';
import { badRequest } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { quoteAcceptSchema, type QuoteAcceptInput } from '@/lib/validation/quotes';
import { findOwnQuote } from './access';
import { moveQuote, stillValid } from './transitions';

/**
 * The customer accepts an answered quote whose valid-until day has not passed: in one transaction the quote moves
 * to accepted (a conditional UPDATE, so of two racing accepts, or an accept racing the expiry job, exactly one
 * wins), and it becomes one checkout at the quoted unit prices. Lines within stock reserve it; the pieces beyond it
 * are back-ordered with the quoted lead time and never make stock negative (docs/DECISIONS.md).
 */
export async function acceptQuote(
  actor: Actor | null,
  id: string,
  input: QuoteAcceptInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<PlacedCheckout | AwaitingCheckout> {
  const current = requireSignedIn(actor);
  await findOwnQuote(current, id, db);
  const { poNumber, paymentMethod, address, phone, addressId } = quoteAcceptSchema.parse(input);
  const placed = await db.transaction(async (tx) => {
    // The account first, then the quote, then the tools: the order every checkout takes its locks in.
    await lockAccount(tx, current.userId);
    const accepted = await moveQuote(
      tx,
      {
        id,
        from: ['answered'],
        to: 'accepted',
        also: and(eq(quotes.userId, current.userId), stillValid),
      },
      { kind: 'customer', userId: current.userId },
    );
    const contact = await destinationOf(
      tx,
      current.userId,
      addressId
        ? { address: '', phone: phone ?? '', addressId }
        : await contactOf(tx, current.userId, { address, phone }),
    );
    const lines = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.toolId));
    return placeOnTermsOrNot(
      tx,
      paymentMethod,
      {
        buyer: { userId: current.userId },
        lines: lines.map((line) => ({
          toolId: line.toolId,
          quantity: line.quantity,
          agreedUnitCents: line.unitPriceCents!,
        })),
        contact: { ...contact, poNumber, requestedDeliveryOn: accepted.requestedDeliveryOn },
        origin,
        backOrder: true,
      },
      // Linked before any invoice is issued, so that the invoice names the quote and its lead time.
      async (written) => {
        for (const order of written.lines) {
          await tx
            .update(quoteLines)
            .set({ backOrdered: order.backOrdered })
            .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.toolId, order.toolId)));
        }
        await tx.update(quotes).set({ checkoutId: written.checkoutId }).where(eq(quotes.id, id));
      },
    );
  });
  const answer = documentPlaced(placed);
  // A buyer's acceptance over their limit waits for an approver, as their checkout would (lib/orders/checkout.ts).
  return placed.awaitingApproval
    ? { checkoutId: answer.checkoutId, number: answer.number, status: 'awaiting_approval' }
    : answer;
}

/** Where the checkout goes: what the customer typed, else their profile's address and phone. */
async function contactOf(
  tx: Database,
  userId: string,
  given: { address?: string | null; phone?: string | null },
): Promise<{ address: string; phone: string }> {
  const [profile] = await tx
    .select({ address: users.address, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  const address = given.address || profile?.address?.trim();
  const phone = given.phone || profile?.phone?.trim();
  if (!address) throw badRequest('Address is Required', { address: 'Address is Required' });
  if (!phone) throw badRequest('Phone Number is Required', { phone: 'Phone Number is Required' });
  return { address, phone };
}
