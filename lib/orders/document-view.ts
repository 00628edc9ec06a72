import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { checkouts, companies, invoices, orders, payments, type Order } from '@/lib/db/schema';
import { toDollars } from '@/lib/money';
import { dueCents, refundOwedCents, toPaymentDto } from '@/lib/orders/ledger';
import { shipmentsOfDocuments } from '@/lib/orders/shipments';
import { taxedLineOf } from '@/lib/db/taxed-lines';
import { taxTotals } from '@/lib/tax/rounding';
import { noteFor } from '@/lib/tax/rules';
import { taxSummary } from '@/lib/tax/summary';
import type { OrderDocumentDto } from '@/lib/types';

// An order document as the screens read it (All Orders, the order page, My Orders): its lines, money, papers and
// shipments, whatever placed it, for any number of documents in a few queries.

/** Every line of these documents, by line number (the order they were placed in). */
export async function linesOfDocuments(db: Database, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.checkoutId, [...ids]))
    .orderBy(asc(orders.number));
}

const shippableOf = (line: Order) => line.quantity - line.backOrdered - line.shippedQuantity;

/** Where an order's goods are: none of its lines left (cancelled), all shipped, some pieces shipped, or none yet. */
export function shippingStatusOf(lines: readonly Order[]): OrderDocumentDto['status'] {
  if (lines.length === 0) return 'cancelled';
  if (lines.every((line) => line.shipped)) return 'shipped';
  return lines.some((line) => line.shippedQuantity > 0) ? 'partially_shipped' : 'placed';
}

/**
 * The documents these lines belong to (all of each document's lines must be among them), in the order of their first
 * line; four queries for any number of documents.
 */
export async function describeDocuments(
  db: Database,
  lines: readonly Order[],
): Promise<OrderDocumentDto[]> {
  const keys = [...new Set(lines.map((line) => line.checkoutId))];
  if (keys.length === 0) return [];
  const [ledger, papers, parcels, heads] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(inArray(payments.checkoutId, keys))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(invoices)
      .where(inArray(invoices.checkoutId, keys))
      .orderBy(asc(invoices.issuedAt)),
    shipmentsOfDocuments(keys, db),
    db
      .select({
        id: checkouts.id,
        requestedDeliveryOn: checkouts.requestedDeliveryOn,
        company: companies.name,
      })
      .from(checkouts)
      .leftJoin(companies, eq(companies.id, checkouts.companyId))
      .where(inArray(checkouts.id, keys)),
  ]);
  return keys.map((key) => {
    const own = lines.filter((line) => line.checkoutId === key);
    const first = own[0]!;
    const moneyOf = ledger.filter((row) => row.checkoutId === key);
    const papersOf = papers.filter((row) => row.checkoutId === key);
    const invoice = papersOf.find((row) => row.kind === 'invoice');
    const taxed = own.map(taxedLineOf);
    const totalCents = taxTotals(taxed).grossCents;
    const paid = own.every((line) => line.paid);
    const dueOn = invoice?.status === 'open' ? invoice.dueOn : null;
    return {
      id: key,
      number: first.checkoutNumber,
      poNumber: first.poNumber,
      requestedDeliveryOn: heads.find((head) => head.id === key)?.requestedDeliveryOn ?? null,
      createdAt: first.createdAt.toISOString(),
      buyer: {
        name: first.userName,
        email: first.email,
        company: heads.find((head) => head.id === key)?.company ?? null,
        address: first.address,
        phone: first.phone,
      },
      lines: own.map((line) => ({
        orderId: line.id,
        number: line.number,
        name: line.productName,
        sku: line.sku,
        price: toDollars(line.unitPriceCents),
        quantity: line.quantity,
        total: toDollars(line.totalCents),
        shipped: line.shippedQuantity,
        backOrdered: line.backOrdered,
        shippable: shippableOf(line),
      })),
      pieces: own.reduce((sum, line) => sum + line.quantity, 0),
      total: toDollars(totalCents),
      tax: taxSummary(taxed, noteFor(first.taxCategory).note),
      paid,
      transactionId: first.transactionId,
      // A paid document owes nothing, whatever its ledger (paid before the ledger, or marked paid by the shop).
      amountDue: paid ? 0 : toDollars(dueCents(totalCents, moneyOf)),
      refundOwed: toDollars(refundOwedCents(moneyOf)),
      onTerms: invoice?.method === 'invoice',
      dueDate: dueOn ?? null,
      status: shippingStatusOf(own),
      payments: moneyOf.map(toPaymentDto),
      papers: papersOf.map((row) => ({
        number: row.number,
        kind: row.kind,
        status: row.status,
        total: toDollars(row.totalCents),
        issuedAt: row.issuedAt.toISOString(),
        dueOn: row.dueOn,
      })),
      shipments: parcels.get(key) ?? [],
    };
  });
}
