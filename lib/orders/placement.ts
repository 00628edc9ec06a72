import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Credential } from '@/lib/auth/actor';
import { lineProblem } from '@/lib/cart/problems';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { billedPartyOf } from '@/lib/db/billed-party';
import { membershipOf } from '@/lib/db/company-membership';
import { lockAccount } from '@/lib/cart/account-lock';
import { unitPriceSql } from '@/lib/db/pricing';
import {
  checkouts,
  companyMembers,
  mailOutbox,
  orderEvents,
  orders,
  tools,
  users,
} from '@/lib/db/schema';
import { AppError, badRequest, conflict, unauthorized } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { toDollars } from '@/lib/money';
import { ordersPlaced } from '@/lib/observability/metrics';
import { requireCredential } from '@/lib/orders/access';
import { holdForApproval, waitsForApproval } from '@/lib/orders/approval';
import { ordersChanged } from '@/lib/orders/changes';
import { lowStockMails, takeStock } from '@/lib/orders/stock-take';
import { treatmentFor } from '@/lib/tax/buyer';
import type { TaxRateClass } from '@/lib/tax/rules';
import type { ShipToAddress } from '@/lib/types';
import { sellerTaxProfile } from '@/lib/tax/seller';
import { orderQuantitySchema, type OrderInput } from '@/lib/validation/orders';

/**
 * A line to place: the catalogue's price at the break its quantity reaches (a company's member: its prices where
 * lower), or a price agreed in a quote.
 */
export interface PlacementLine {
  toolId: string;
  quantity: number;
  agreedUnitCents?: number;
}

export interface PlacementRequest {
  /** The buyer; with a session version the statement checks it (an order placed without a prior account read). */
  buyer: { userId: string; sessionVersion?: number };
  lines: readonly PlacementLine[];
  contact: {
    address: string;
    phone: string;
    poNumber: string | null;
    /** YYYY-MM-DD: the day the buyer asked to receive it */
    requestedDeliveryOn?: string | null;
    /** the address-book entry it ships to, copied onto the order */
    shipTo?: ShipToAddress | null;
  };
  origin: string;
  /**
   * An accepted quote's lines: the pieces the stock lacks are back-ordered (made within the quote's lead time)
   * instead of refusing the line; stock goes to zero at most, never below.
   */
  backOrder?: boolean;
  /** Printed in the placed mail: the invoice number a placement on terms allocated in its transaction. */
  invoiceNumber?: string;
}

export interface PlacedDocument {
  checkoutId: string;
  number: number;
  totalCents: number;
  lines: { id: string; number: number; toolId: string; backOrdered: number }[];
}

/** The answer of POST /api/checkout and of an accepted quote: the document and its lines' ids. */
export interface PlacedCheckout {
  checkoutId: string;
  number: number;
  orderIds: string[];
  /** dollars */
  total: number;
}

/** A refused placement of several lines: 409, with each line that stopped it and why (also as `lines`). */
const refused = (lines: { toolId: string; message: string }[]) =>
  new AppError(409, 'conflict', 'Some lines of your cart can not be ordered', undefined, { lines });

/** A line's unit price: a quote's agreed price, else the catalogue's at its break (a company's member: theirs where lower). */
const linePriceSql = (priceCents: SQL, priceBreaks: SQL, toolId: SQL) =>
  sql`coalesce(wanted.agreed_unit_cents, ${unitPriceSql(
    priceCents,
    priceBreaks,
    sql`wanted.quantity`,
    {
      id: sql`(SELECT company_id FROM customer)`,
      toolId,
    },
  )})`;

/** Basis points of VAT per rate class, as the buyer's treatment sets them (`treatmentFor`). */
type TaxRates = Record<TaxRateClass, number>;

/** A tool's VAT rate in basis points, from its rate class column. */
const taxRateSql = (rateClass: SQL, rates: TaxRates) =>
  sql`CASE WHEN ${rateClass} = 'reduced' THEN ${rates.reduced}::int ELSE ${rates.standard}::int END`;

/**
 * How the statement below judges and takes stock, as CTEs `judged` (one row per line that exists: the tool, the
 * stock it had, the pieces ordered and taken, the unit price) and `complete` (whether every line fits).
 *
 * Several lines: lock the tools in id order, judge each line against the locked stock, and only when all fit take it.
 */
const lockAndJudgeLines = (backOrder: boolean, rates: TaxRates) => sql`locked AS (
      SELECT id, name, sku, quantity, min_quantity, deleted_at, price_cents, price_breaks, tax_rate_class
      FROM ${tools}
      WHERE id IN (SELECT tool_id FROM wanted) AND EXISTS (SELECT 1 FROM customer)
      ORDER BY id FOR NO KEY UPDATE
    ), judged AS (
      SELECT locked.id, locked.name, locked.sku, locked.quantity AS stock, locked.min_quantity, wanted.position,
             wanted.quantity AS ordered,
             CASE WHEN ${backOrder} THEN least(wanted.quantity, locked.quantity) ELSE wanted.quantity END AS taken,
             ${linePriceSql(sql`locked.price_cents`, sql`locked.price_breaks`, sql`locked.id`)} AS unit_price_cents,
             ${taxRateSql(sql`locked.tax_rate_class`, rates)} AS tax_rate_bp,
             locked.deleted_at IS NULL AND (${backOrder} OR (locked.quantity >= wanted.quantity
               AND locked.min_quantity <= wanted.quantity)) AS fits
      FROM wanted JOIN locked ON locked.id = wanted.tool_id
    ), complete AS (
      SELECT count(*) FILTER (WHERE fits) = (SELECT count(*) FROM wanted) AND count(*) > 0 AS ok FROM judged
    ), reserved AS (
      UPDATE ${tools} SET quantity = ${tools.quantity} - judged.taken, updated_at = now()
      FROM judged, complete WHERE ${tools.id} = judged.id AND complete.ok AND judged.taken > 0
      RETURNING ${tools.id}
`;

/**
 * A document whose stock is taken later in its transaction (`takeStock`, lib/orders/stock-take.ts): each line judged
 * against the tools as they are, without locking them, so that a cart that plainly can not be ordered is refused with
 * nothing written. The stock statement judges again against the locked rows, and that judgement is the one that counts.
 */
const judgeUnlocked = (rates: TaxRates) => sql`judged AS (
      SELECT ${tools.id}, ${tools.name}, ${tools.sku}, ${tools.quantity} AS stock, ${tools.minQuantity},
             wanted.position, wanted.quantity AS ordered, wanted.quantity AS taken,
             ${linePriceSql(sql`${tools.priceCents}`, sql`${tools.priceBreaks}`, sql`${tools.id}`)} AS unit_price_cents,
             ${taxRateSql(sql`${tools.taxRateClass}`, rates)} AS tax_rate_bp,
             ${tools.deletedAt} IS NULL AND ${tools.quantity} >= wanted.quantity
               AND ${tools.minQuantity} <= wanted.quantity AS fits
      FROM wanted JOIN ${tools} ON ${tools.id} = wanted.tool_id
      WHERE EXISTS (SELECT 1 FROM customer)
    ), complete AS (
      SELECT count(*) FILTER (WHERE fits) = (SELECT count(*) FROM wanted) AND count(*) > 0 AS ok FROM judged
`;

/**
 * One line taken in full (the tool page's order, a cart of one tool): the conditional update is the judgement, so the
 * tool's row is locked and written once, not locked and then updated. The busiest tool's orders queue on that row,
 * so this is what sets how many orders of one tool a second the shop takes.
 */
const takeOneLine = (rates: TaxRates) => sql`judged AS (
      UPDATE ${tools} SET quantity = ${tools.quantity} - wanted.quantity, updated_at = now()
      FROM wanted
      WHERE ${tools.id} = wanted.tool_id AND ${tools.deletedAt} IS NULL AND ${tools.quantity} >= wanted.quantity
        AND ${tools.minQuantity} <= wanted.quantity AND EXISTS (SELECT 1 FROM customer)
      RETURNING ${tools.id}, ${tools.name}, ${tools.sku}, ${tools.quantity} + wanted.quantity AS stock,
        ${tools.minQuantity}, wanted.position, wanted.quantity AS ordered, wanted.quantity AS taken,
        ${linePriceSql(sql`${tools.priceCents}`, sql`${tools.priceBreaks}`, sql`${tools.id}`)} AS unit_price_cents,
        ${taxRateSql(sql`${tools.taxRateClass}`, rates)} AS tax_rate_bp
    ), complete AS (
      SELECT count(*) = 1 AS ok FROM judged
`;

/**
 * The one way an order is placed, whether one tool from its page, a cart's checkout or an accepted quote: one
 * statement locks the lines' tools in id order (so overlapping placements queue instead of deadlocking), judges every
 * line against the stock it locked (one line in full: its conditional update does both, see `takeOneLine`), and only
 * when every line passes takes the stock, writes the document and its
 * lines (priced on the server from the very row version the stock came from, or at the quote's agreed price), their
 * history, the placed mail and the low-stock mails. Names, SKUs, prices, totals and the buyer come from the database,
 * never from the client. When any line fails nothing is written, and `explainRefusal` says why. Run alone it is its
 * own transaction; a checkout or a quote runs it inside theirs. With `stock` `taken_later` it writes the document
 * without taking or locking any stock, priced from the tools as they are, and the caller's transaction takes the stock
 * with `takeStock` before it commits.
 */
export async function placeDocument(
  db: Database,
  request: PlacementRequest,
  stock: 'taken' | 'taken_later' = 'taken',
): Promise<PlacedDocument | { refused: 'signed_out' | 'lines' }> {
  const { buyer, contact, origin } = request;
  // One line per tool: the statement takes each tool's stock once.
  if (new Set(request.lines.map((line) => line.toolId)).size !== request.lines.length)
    throw badRequest('Each tool can be one line of an order');
  const lines = JSON.stringify(
    request.lines.map((line, position) => ({
      position,
      tool_id: line.toolId,
      quantity: line.quantity,
      agreed_unit_cents: line.agreedUnitCents ?? null,
    })),
  );
  const backOrder = request.backOrder === true;
  // VAT by where the buyer is: decided once for the document, each line's rate by its tool's rate class.
  // A seller not registered for VAT taxes every buyer alike (O): the buyer's company is read only when it matters.
  const billed = sellerTaxProfile().vatId
    ? await billedPartyOf(db, buyer.userId)
    : { country: null, taxId: null };
  const { treatment, rates } = treatmentFor(billed);
  const mailExtra = JSON.stringify(
    request.invoiceNumber ? { invoiceNumber: request.invoiceNumber } : {},
  );
  const judging =
    stock === 'taken_later'
      ? judgeUnlocked(rates)
      : request.lines.length === 1 && !backOrder
        ? takeOneLine(rates)
        : lockAndJudgeLines(backOrder, rates);
  // Taken later, the stock statement tells the admins of low stock, from the rows it locked.
  const lowStock = stock === 'taken_later' ? sql`` : sql`, ${lowStockMails(origin)}`;
  const [outcome] = await queryRows<{
    signed_in: boolean;
    document: { id: string; number: number; total_cents: number } | null;
    lines: { id: string; number: number; tool_id: string; back_ordered: number }[] | null;
  }>(
    db,
    sql`
    WITH customer AS (
      SELECT u.id, u.email, coalesce(u.name, u.email) AS name, m.company_id
      FROM ${users} u LEFT JOIN ${companyMembers} m ON m.user_id = u.id
      WHERE u.id = ${buyer.userId} AND u.disabled_at IS NULL
        AND u.session_version = coalesce(${buyer.sessionVersion ?? null}::int, u.session_version)
    ), wanted AS (
      SELECT * FROM jsonb_to_recordset(${lines}::jsonb)
        AS w(position int, tool_id uuid, quantity int, agreed_unit_cents bigint)
    ), ${judging}    ), taxed AS (
      -- lib/tax/rounding.ts: each line's tax rounded half up to the cent on its own (the orders CHECK holds it too)
      SELECT judged.*, unit_price_cents * ordered AS net_cents,
             (unit_price_cents * ordered * tax_rate_bp + 5000) / 10000 AS tax_cents
      FROM judged
    ), doc AS (
      INSERT INTO ${checkouts} (user_id, company_id, email, user_name, address, phone, po_number,
                                requested_delivery_on, ship_to, total_cents)
      SELECT customer.id, customer.company_id, customer.email, customer.name, ${contact.address}, ${contact.phone},
             ${contact.poNumber}, ${contact.requestedDeliveryOn ?? null}::date,
             ${contact.shipTo ? JSON.stringify(contact.shipTo) : null}::jsonb,
             (SELECT sum(net_cents + tax_cents) FROM taxed)
      FROM customer, complete WHERE complete.ok
      RETURNING id, number, total_cents
    ), placed AS (
      INSERT INTO ${orders} (checkout_id, checkout_number, po_number, tool_id, user_id, product_name, sku,
                             unit_price_cents, quantity, total_cents, tax_category, tax_rate_bp, tax_cents,
                             back_ordered, email, user_name, address, phone)
      SELECT doc.id, doc.number, ${contact.poNumber}, taxed.id, customer.id, taxed.name, taxed.sku,
             taxed.unit_price_cents, taxed.ordered, taxed.net_cents, ${treatment.category}, taxed.tax_rate_bp,
             taxed.tax_cents, taxed.ordered - taxed.taken, customer.email, customer.name, ${contact.address},
             ${contact.phone}
      FROM taxed, doc, customer
      ORDER BY taxed.position
      RETURNING id, number, tool_id, back_ordered, product_name, sku, quantity, unit_price_cents, total_cents,
                tax_cents
    ), history AS (
      INSERT INTO ${orderEvents} (order_id, kind, actor) SELECT id, 'placed', 'customer' FROM placed
    ), mailed AS (
      INSERT INTO ${mailOutbox} (kind, recipient, data)
      SELECT 'checkout_placed', customer.email, jsonb_build_object(
        'checkoutId', doc.id, 'number', doc.number, 'poNumber', ${contact.poNumber}::text,
        'name', customer.name, 'totalCents', doc.total_cents,
        'taxCents', (SELECT sum(tax_cents) FROM placed),
        'link', ${origin}::text || '/checkout/' || doc.id,
        'lines', (SELECT jsonb_agg(jsonb_build_object('number', number, 'product', product_name, 'sku', sku,
                    'quantity', quantity, 'unitPriceCents', unit_price_cents, 'totalCents', total_cents)
                    ORDER BY number) FROM placed)) || ${mailExtra}::jsonb
      FROM doc, customer
    )${lowStock}
    SELECT EXISTS (SELECT 1 FROM customer) AS signed_in,
           (SELECT to_jsonb(doc) FROM doc) AS document,
           (SELECT jsonb_agg(jsonb_build_object('id', id, 'number', number, 'tool_id', tool_id,
                     'back_ordered', back_ordered) ORDER BY number) FROM placed) AS lines`,
  );
  if (!outcome?.signed_in) return { refused: 'signed_out' };
  if (!outcome.document || !outcome.lines) return { refused: 'lines' };
  return {
    checkoutId: outcome.document.id,
    number: outcome.document.number,
    totalCents: Number(outcome.document.total_cents),
    lines: outcome.lines.map((line) => ({
      id: line.id,
      number: line.number,
      toolId: line.tool_id,
      backOrdered: line.back_ordered,
    })),
  };
}

/** Each line that stopped a placement, and why, judged against the tools as they are now. */
export async function explainRefusal(
  db: Database,
  request: Pick<PlacementRequest, 'lines' | 'backOrder'>,
): Promise<{ toolId: string; message: string }[]> {
  const found = await db
    .select({
      id: tools.id,
      deletedAt: tools.deletedAt,
      quantity: tools.quantity,
      minQuantity: tools.minQuantity,
    })
    .from(tools)
    .where(
      inArray(
        tools.id,
        request.lines.map((line) => line.toolId),
      ),
    );
  return request.lines.flatMap((line) => {
    const tool = found.find((candidate) => candidate.id === line.toolId);
    const message = request.backOrder
      ? tool && !tool.deletedAt
        ? undefined
        : 'This tool is no longer sold'
      : lineProblem(tool, line.quantity);
    return message ? [{ toolId: line.toolId, message }] : [];
  });
}

/**
 * Places a document inside the caller's transaction (a checkout, an accepted quote): a refusal throws, so the
 * transaction rolls back, with each line's reason. The document is written first and the stock taken by the last
 * statement (`takeStock`), so that the lines' tools are held only from there to the commit; an accepted quote's
 * back-orders are judged on the stock they lock, so they lock the tools first.
 */
export async function placeWithin(
  tx: Database,
  request: PlacementRequest,
): Promise<PlacedDocument> {
  if (request.backOrder) await lockTools(tx, request.lines);
  const placed = await placeDocument(tx, request, request.backOrder ? 'taken' : 'taken_later');
  if ('refused' in placed && placed.refused === 'signed_out') throw unauthorized();
  if ('refused' in placed) throw await refusal(tx, request);
  if (!request.backOrder && !(await takeStock(tx, request.lines, request.origin)))
    throw await refusal(tx, request);
  return placed;
}

/**
 * The tools' locks in id order, in a statement of their own: inside the placement statement PostgreSQL may take a
 * later row's lock (the UPDATE's) before an earlier one's, and two placements over the same tools then deadlock.
 */
async function lockTools(tx: Database, lines: readonly PlacementLine[]): Promise<void> {
  await tx.execute(sql`
    SELECT 1 FROM ${tools}
    WHERE ${inArray(
      tools.id,
      lines.map((line) => line.toolId),
    )}
    ORDER BY ${tools.id} FOR NO KEY UPDATE`);
}

/** A refused placement's 409, with each line's reason as the tools are now (no reason found: the stock went). */
async function refusal(tx: Database, request: PlacementRequest): Promise<AppError> {
  const problems = await explainRefusal(tx, request);
  return refused(
    problems.length > 0
      ? problems
      : request.lines.map((line) => ({ toolId: line.toolId, message: 'Not enough stock left' })),
  );
}

/** After commit: the catalogue's stock moved; answers the document as the checkout API does. */
export function documentPlaced(placed: PlacedDocument): PlacedCheckout {
  ordersChanged();
  ordersPlaced.inc(placed.lines.length);
  return {
    checkoutId: placed.checkoutId,
    number: placed.number,
    orderIds: placed.lines.map((line) => line.id),
    total: toDollars(placed.totalCents),
  };
}

/**
 * the REST contract's order of one tool (`POST /api/order`, the tool page's Confirm Order): a document of one line, placed by the
 * one statement above, which is also the one account read of the request. Answers the REST contract's shape, plus the line's
 * number and its order's id and number.
 */
export async function placeOrder(
  credential: Credential | null,
  input: OrderInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{
  acknowledged: true;
  insertedId: string;
  number: number;
  checkoutId: string;
  checkoutNumber: number;
}> {
  const caller = requireCredential(credential);
  const request = {
    buyer: caller,
    lines: [{ toolId: input.toolId, quantity: input.quantity }],
    contact: { address: input.address, phone: input.phone, poNumber: null },
    origin,
  };
  // A company's buyer is held to their spending limit here too (lib/orders/approval.ts), under the account's lock.
  const member = await membershipOf(db, caller.userId);
  const placed =
    member?.role === 'buyer'
      ? await db.transaction(async (tx) => {
          await lockAccount(tx, caller.userId);
          const done = await placeDocument(tx, request);
          const judged = !('refused' in done) && { userId: caller.userId, ...done, onTerms: false };
          if (judged && (await waitsForApproval(tx, member, judged)))
            await holdForApproval(tx, judged.checkoutId, 'card', origin);
          return done;
        })
      : await placeDocument(db, request);
  // Removed accounts and ended sessions name nobody: a 401 before any word about the order.
  if ('refused' in placed) {
    if (placed.refused === 'signed_out') throw unauthorized();
    return explainRefusedOrder(input, db);
  }
  ordersChanged();
  ordersPlaced.inc();
  const [line] = placed.lines;
  return {
    acknowledged: true,
    insertedId: line!.id,
    number: line!.number,
    checkoutId: placed.checkoutId,
    checkoutNumber: placed.number,
  };
}

/** Why an order of one tool was not placed: a 400 with the field's message, or 409 when its stock went to another. */
async function explainRefusedOrder(input: OrderInput, db: Database): Promise<never> {
  const [tool] = await db
    .select({ minQuantity: tools.minQuantity, quantity: tools.quantity })
    .from(tools)
    .where(and(eq(tools.id, input.toolId), isNull(tools.deletedAt)));
  if (!tool) throw badRequest('Choose an existing tool', { toolId: 'Choose an existing tool' });
  const quantityCheck = orderQuantitySchema({
    minQuantity: tool.minQuantity,
    quantity: tool.quantity,
  }).safeParse(input.quantity);
  if (!quantityCheck.success) {
    const message = quantityCheck.error.issues[0]?.message ?? 'Invalid quantity';
    throw badRequest(message, { quantity: message });
  }
  throw conflict('Not enough stock left for this order');
}
