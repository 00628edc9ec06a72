import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { takeCart } from '@/lib/cart/cart';
import { getDb, type Database } from '@/lib/db/client';
import { badRequest } from '@/lib/errors';
import { allocateInvoiceNumber, issueInvoice } from '@/lib/invoices/issue';
import { assertCredit, holdTerms } from '@/lib/invoices/terms';
import { mailOrigin } from '@/lib/mail/config';
import {
  documentPlaced,
  placeWithin,
  type PlacedCheckout,
  type PlacementRequest,
  type PlacedDocument,
} from '@/lib/orders/placement';
import { destinationOf } from '@/lib/orders/ship-to';
import { checkoutSchema, type CheckoutInput } from '@/lib/validation/checkout';

/**
 * Places the caller's cart as one order document, in one transaction: the account's lock first (a cart's edits and
 * its checkout take turns), the cart emptied as it is read, then the one placement statement. Either every line's
 * stock is reserved and the document written, or nothing is and the answer is 409 with each line's reason.
 */
export async function placeCheckout(
  actor: Actor | null,
  input: CheckoutInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<PlacedCheckout> {
  const { userId } = requireSignedIn(actor);
  const { address, phone, addressId, poNumber, requestedDeliveryOn, paymentMethod } =
    checkoutSchema.parse(input);
  const placed = await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const lines = await takeCart(tx, userId);
    if (lines.length === 0) throw badRequest('Your cart is empty');
    const destination = await destinationOf(tx, userId, { address, phone, addressId });
    return placeOnTermsOrNot(tx, paymentMethod, {
      buyer: { userId },
      lines,
      contact: { ...destination, poNumber, requestedDeliveryOn },
      origin,
    });
  });
  return documentPlaced(placed);
}

/**
 * Places a document, on the account's net terms when it pays by invoice: the terms' row locked first, the invoice's
 * number allocated in the transaction (so the placed mail names it), the credit limit checked against the placed
 * total, and the invoice issued, all or nothing. `linkPlaced` runs before the invoice is issued: an accepted quote
 * links itself to the document there, so that the invoice prints the quote.
 */
export async function placeOnTermsOrNot(
  tx: Database,
  paymentMethod: 'card' | 'invoice' | undefined,
  request: PlacementRequest,
  linkPlaced?: (placed: PlacedDocument) => Promise<void>,
): Promise<PlacedDocument> {
  if (paymentMethod !== 'invoice') {
    const placed = await placeWithin(tx, request);
    await linkPlaced?.(placed);
    return placed;
  }
  const terms = await holdTerms(tx, request.buyer.userId);
  const invoiceNumber = await allocateInvoiceNumber(tx);
  const placed = await placeWithin(tx, { ...request, invoiceNumber: invoiceNumber.number });
  await assertCredit(tx, terms.companyId, placed.totalCents);
  await linkPlaced?.(placed);
  await issueInvoice(tx, placed.checkoutId, {
    method: 'invoice',
    netDays: terms.netDays,
    allocated: invoiceNumber,
  });
  return placed;
}
