import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import { lockAccount } from '@/lib/cart/account-lock';
import type { Database } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import {
  punchoutOrders,
  punchoutRequisitions,
  tools,
  users,
  type PunchoutSettings,
} from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { formatShipTo } from '@/lib/format';
import { creditOfCompany } from '@/lib/invoices/terms';
import { placeOnTermsOrNot } from '@/lib/orders/checkout';
import { documentPlaced, type PlacedDocument, type PlacementLine } from '@/lib/orders/placement';
import type { ShipToAddress } from '@/lib/types';
import { idSchema } from '@/lib/validation/fields';
import { assertBuyerBelongs, companyOfCxml } from './authenticate';
import { cxmlResponse } from './messages';
import { parseOrderRequest, type CxmlAddress, type OrderRequest } from './order-request';
import { CxmlError } from './status';

// `POST /punchout/cxml/order`: the purchase order a procurement system sends once the requisition is approved. It is
// placed as one order document at the requisition's prices, with the PO number, ship-to and bill-to it names; a
// replay of its payloadID is answered with the first answer and never placed again.

/** A requisition's prices hold this long: a purchase order after it has to be punched out again. */
export const REQUISITION_DAYS = 90;

async function storedAnswer(db: Database, companyId: string, payloadId: string) {
  const [stored] = await db
    .select({ answer: punchoutOrders.answer })
    .from(punchoutOrders)
    .where(and(eq(punchoutOrders.companyId, companyId), eq(punchoutOrders.payloadId, payloadId)));
  return stored?.answer;
}

const shipToOf = (address: CxmlAddress): ShipToAddress => ({
  label: 'Purchase order',
  recipient: address.deliverTo || address.name,
  companyName: address.name || null,
  street: address.street.join(', '),
  postcode: address.postalCode ?? '',
  city: address.city,
  region: address.state ?? null,
  country: address.country,
  phone: null,
});

/** Each ItemOut held to the requisition line it came from: same company, same SKU, same unit price. */
async function linesOf(
  tx: Database,
  order: OrderRequest,
  companyId: string,
): Promise<PlacementLine[]> {
  const ids = [...new Set(order.lines.map((line) => line.supplierPartAuxiliaryId ?? ''))];
  const valid = ids.filter((id) => idSchema.safeParse(id).success);
  const requisitions =
    valid.length === 0
      ? []
      : await tx
          .select()
          .from(punchoutRequisitions)
          .where(
            and(
              inArray(punchoutRequisitions.id, valid),
              eq(punchoutRequisitions.companyId, companyId),
              gt(
                punchoutRequisitions.createdAt,
                sql`now() - make_interval(days => ${REQUISITION_DAYS})`,
              ),
            ),
          );
  return order.lines.map((line) => {
    const where = `ItemOut ${line.lineNumber}`;
    const requisition = requisitions.find((found) => found.id === line.supplierPartAuxiliaryId);
    if (!requisition)
      throw new CxmlError(
        400,
        `${where}: SupplierPartAuxiliaryID must name a requisition of this company from the last ${REQUISITION_DAYS} days`,
      );
    const quoted = requisition.lines.find((quotedLine) => quotedLine.sku === line.supplierPartId);
    if (!quoted)
      throw new CxmlError(400, `${where}: ${line.supplierPartId} is not on that requisition`);
    if (quoted.unitPriceCents !== line.unitPriceCents)
      throw new CxmlError(
        400,
        `${where}: the unit price ${(line.unitPriceCents / 100).toFixed(2)} is not the requisition's ${(quoted.unitPriceCents / 100).toFixed(2)}`,
      );
    return {
      toolId: quoted.toolId,
      quantity: line.quantity,
      agreedUnitCents: quoted.unitPriceCents,
    };
  });
}

/** A refusal of the placement, in cXML's words: each refused line by its SKU. */
async function asCxmlError(tx: Database, error: AppError): Promise<CxmlError> {
  const refusedLines = (
    error.details as { lines?: { toolId: string; message: string }[] } | undefined
  )?.lines;
  if (!refusedLines?.length) return new CxmlError(error.status === 409 ? 409 : 400, error.message);
  const named = await tx
    .select({ id: tools.id, sku: tools.sku })
    .from(tools)
    .where(
      inArray(
        tools.id,
        refusedLines.map((line) => line.toolId),
      ),
    );
  const reasons = refusedLines.map(
    (line) =>
      `${named.find((tool) => tool.id === line.toolId)?.sku ?? line.toolId}: ${line.message}`,
  );
  return new CxmlError(409, `${error.message}: ${reasons.join('; ')}`);
}

async function place(
  db: Database,
  order: OrderRequest,
  settings: PunchoutSettings,
  origin: string,
): Promise<{ answer: string; placed: PlacedDocument }> {
  return db.transaction(async (tx) => {
    // The account first, then the tools: the order every placement takes its locks in.
    await lockAccount(tx, settings.buyerId);
    const lines = await linesOf(tx, order, settings.companyId);
    const shipTo = shipToOf(order.shipTo ?? order.billTo);
    const [buyer] = await tx
      .select({ email: users.email, name: users.name, phone: users.phone })
      .from(users)
      .where(eq(users.id, settings.buyerId));
    const onTerms = (await creditOfCompany(tx, settings.companyId)) !== null;
    let placed;
    try {
      placed = await placeOnTermsOrNot(tx, onTerms ? 'invoice' : undefined, {
        buyer: { userId: settings.buyerId },
        lines,
        contact: {
          address: formatShipTo(shipTo),
          phone: buyer?.phone?.trim() || '',
          poNumber: order.orderId,
          shipTo,
        },
        origin,
      });
    } catch (error) {
      if (error instanceof AppError) throw await asCxmlError(tx, error);
      throw error;
    }
    const answer = cxmlResponse(
      200,
      placed.awaitingApproval
        ? `Order ${placed.number} received; it waits for your company's approval`
        : `Order ${placed.number} placed${onTerms ? ' on your terms' : ''}`,
      new URL(origin).host,
    );
    await tx.insert(punchoutOrders).values({
      companyId: settings.companyId,
      payloadId: order.payloadId,
      poNumber: order.orderId,
      checkoutId: placed.checkoutId,
      billTo: { ...order.billTo },
      answer,
    });
    await recordAudit(tx, {
      actor: { userId: settings.buyerId, email: buyer?.email ?? '' },
      action: 'punchout.order',
      target: `order ${placed.number} (PO ${order.orderId})`,
      after: { payloadId: order.payloadId, totalCents: placed.totalCents, onTerms },
    });
    return { answer, placed };
  });
}

export async function receiveOrderRequest(
  db: Database,
  xml: string,
  origin: string,
): Promise<string> {
  const order = parseOrderRequest(xml);
  const settings = await companyOfCxml(db, order);
  const replayed = await storedAnswer(db, settings.companyId, order.payloadId);
  if (replayed) return replayed;
  if (order.type !== 'new')
    throw new CxmlError(
      406,
      'Only new purchase orders are accepted: to change or cancel an order, contact us',
    );
  await assertBuyerBelongs(db, settings);
  try {
    const { answer, placed } = await place(db, order, settings, origin);
    documentPlaced(placed);
    return answer;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A replay that ran beside the first: its answer, now committed. Else the PO number was used before.
    const stored = await storedAnswer(db, settings.companyId, order.payloadId);
    if (stored) return stored;
    throw new CxmlError(409, `Purchase order ${order.orderId} was already received`);
  }
}
