import { eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { lockAccount } from '@/lib/cart/account-lock';
import { lineProblem } from '@/lib/cart/problems';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { cartLines, checkouts, orderEvents, orders, tools, users } from '@/lib/db/schema';
import { AppError, badRequest } from '@/lib/errors';
import { issueInvoice } from '@/lib/invoices/issue';
import { assertCredit, holdTerms } from '@/lib/invoices/terms';
import { queueCheckoutMail } from '@/lib/mail/checkout-mails';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { toDollars } from '@/lib/money';
import { ordersPlaced } from '@/lib/observability/metrics';
import { ordersChanged } from '@/lib/orders/changes';
import { unitPriceCents } from '@/lib/tools/pricing';
import { checkoutSchema, type CheckoutInput } from '@/lib/validation/checkout';

export interface PlacedCheckout {
  checkoutId: string;
  number: number;
  orderIds: string[];
  /** dollars */
  total: number;
}

/** A refused checkout: 409, with each line that stopped it and why (also at the top of the body, as `lines`). */
const refused = (lines: { toolId: string; message: string }[]) =>
  new AppError(409, 'conflict', 'Some lines of your cart can not be ordered', undefined, { lines });

/**
 * Places the caller's cart as one checkout: every line becomes an order (priced on the server at the break its
 * quantity reaches), all carrying the checkout's id, number and PO number, in one transaction. Either every line's
 * stock is reserved and every order written, the cart emptied and one mail queued, or nothing is written and the
 * answer is 409 with each line's reason.
 *
 * Locks, in one order for everyone: the account's row (a cart's edits and its checkout take turns), then the tools
 * by id, so overlapping checkouts queue on the scarce tools instead of deadlocking, and the stock each line is
 * judged against is the stock it takes.
 */
export async function placeCheckout(
  actor: Actor | null,
  input: CheckoutInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<PlacedCheckout> {
  const { userId } = requireSignedIn(actor);
  const { address, phone, poNumber, paymentMethod } = checkoutSchema.parse(input);
  const placed = await db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    // Emptied as it is read, before any tool is locked: every statement after the tool locks makes overlapping
    // checkouts wait longer, and a refused checkout rolls back, cart and all.
    const lines = await queryRows<{ tool_id: string; quantity: number }>(
      tx,
      sql`DELETE FROM ${cartLines} WHERE user_id = ${userId} RETURNING tool_id, quantity`,
    );
    if (lines.length === 0) throw badRequest('Your cart is empty');
    const written = await writeCheckout(tx, {
      userId,
      account,
      lines: lines.map((line) => ({ toolId: line.tool_id, quantity: line.quantity })),
      contact: { address, phone, poNumber },
      origin,
      paymentMethod,
    });
    return written;
  });
  return checkoutPlaced(placed);
}

/** A line to place: the catalogue's price at the break its quantity reaches, or a price agreed in a quote. */
export interface CheckoutLine {
  toolId: string;
  quantity: number;
  agreedUnitCents?: number;
}

export interface CheckoutRequest {
  userId: string;
  /** the account's row, locked by the caller's transaction (lockAccount) */
  account: { email: string; name: string };
  lines: readonly CheckoutLine[];
  contact: { address: string; phone: string; poNumber: string | null };
  origin: string;
  /** "invoice": placed unpaid on the account's net terms, within its credit, and invoiced at once. */
  paymentMethod?: 'card' | 'invoice';
  /**
   * An accepted quote's lines: the pieces the stock lacks are back-ordered (made within the quote's lead time)
   * instead of refusing the line; stock goes to zero at most, never below.
   */
  backOrder?: boolean;
}

/**
 * Writes one checkout in the caller's transaction: every line an order, its stock reserved, its events and its
 * mail queued; or nothing, and 409 with each line's reason. The caller holds the account's lock (lockAccount).
 */
export async function writeCheckout(tx: Database, request: CheckoutRequest) {
  const { userId, account, lines, contact, origin } = request;
  const { address, phone, poNumber } = contact;
  const terms = request.paymentMethod === 'invoice' ? await holdTerms(tx, userId) : null;
  const wanted = new Map(lines.map((line) => [line.toolId, line]));
  const locked = await tx
    .select()
    .from(tools)
    .where(inArray(tools.id, [...wanted.keys()]))
    .orderBy(tools.id)
    .for('no key update');
  const problems = lines.flatMap((line) => {
    const tool = locked.find((candidate) => candidate.id === line.toolId);
    const message = request.backOrder
      ? tool && !tool.deletedAt
        ? undefined
        : 'This tool is no longer sold'
      : lineProblem(tool, line.quantity);
    return message ? [{ toolId: line.toolId, message }] : [];
  });
  if (problems.length > 0) throw refused(problems);

  const priced = locked.map((tool) => {
    const { quantity, agreedUnitCents } = wanted.get(tool.id)!;
    const unitCents =
      agreedUnitCents ?? unitPriceCents(tool.priceCents, tool.priceBreaks, quantity);
    // Without back-ordering the check above made sure the stock covers the line.
    const reserved = request.backOrder ? Math.min(quantity, tool.quantity) : quantity;
    return { tool, quantity: reserved, ordered: quantity, unitCents };
  });
  const totalCents = priced.reduce((sum, line) => sum + line.unitCents * line.ordered, 0);
  if (terms) await assertCredit(tx, userId, totalCents);
  await reserveStock(tx, priced);
  const [checkout] = await tx
    .insert(checkouts)
    .values({ userId, poNumber, totalCents })
    .returning();
  const written = await tx
    .insert(orders)
    .values(
      priced.map((line) => ({
        toolId: line.tool.id,
        userId,
        productName: line.tool.name,
        sku: line.tool.sku,
        unitPriceCents: line.unitCents,
        quantity: line.ordered,
        totalCents: line.unitCents * line.ordered,
        backOrdered: line.ordered - line.quantity,
        email: account.email,
        userName: account.name,
        address,
        phone,
        checkoutId: checkout!.id,
        checkoutNumber: checkout!.number,
        poNumber,
      })),
    )
    .returning();
  await tx.insert(orderEvents).values(
    written.map((order) => ({
      orderId: order.id,
      kind: 'placed' as const,
      actor: 'customer' as const,
    })),
  );
  // On terms the checkout is invoiced at once, and the placed mail carries the invoice.
  const invoice = terms
    ? await issueInvoice(
        tx,
        { checkoutId: checkout!.id },
        { method: 'invoice', netDays: terms.netDays },
      )
    : null;
  await queueCheckoutMail(tx, 'checkout_placed', checkout!, written, origin, {
    ...(invoice && { invoiceNumber: invoice.number }),
  });
  await queueLowStockMails(tx, priced, origin);
  return { checkout: checkout!, written };
}

/** After commit: the catalogue's stock moved; answers the checkout as the API does. */
export function checkoutPlaced(placed: Awaited<ReturnType<typeof writeCheckout>>): PlacedCheckout {
  ordersChanged();
  ordersPlaced.inc(placed.written.length);
  return {
    checkoutId: placed.checkout.id,
    number: placed.checkout.number,
    orderIds: placed.written.map((order) => order.id),
    total: toDollars(placed.checkout.totalCents),
  };
}

type PricedLine = { tool: typeof tools.$inferSelect; quantity: number };

/** Takes every line's reserved pieces in one statement; the rows are locked and were checked, so none goes negative. */
async function reserveStock(tx: Database, lines: readonly PricedLine[]): Promise<void> {
  const taken = JSON.stringify(lines.map(({ tool, quantity }) => ({ id: tool.id, quantity })));
  await tx.execute(sql`
    UPDATE ${tools} SET quantity = ${tools.quantity} - taken.quantity, updated_at = now()
    FROM jsonb_to_recordset(${taken}::jsonb) AS taken(id uuid, quantity int)
    WHERE ${tools.id} = taken.id`);
}

/** The lines that left their tool below its minimum order: every admin hears of each once. */
async function queueLowStockMails(
  tx: Database,
  lines: readonly PricedLine[],
  origin: string,
): Promise<void> {
  const crossed = lines.filter(
    ({ tool, quantity }) =>
      tool.quantity - quantity < tool.minQuantity && tool.quantity >= tool.minQuantity,
  );
  if (crossed.length === 0) return;
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  for (const { tool, quantity } of crossed) {
    for (const admin of admins) {
      await enqueueMail(tx, 'low_stock', admin.email, {
        product: tool.name,
        quantity: tool.quantity - quantity,
        minQuantity: tool.minQuantity,
        link: `${origin}/dashboard/manageproduct/${tool.id}`,
      });
    }
  }
}
