// Orders as documents: an order placed alone is a document of one line, reachable, paid, shipped and cancelled like
// any other; an order on terms ships before it is paid; one-tool orders and carts racing for the same stock.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as shipmentsRoute from '@/app/api/checkout/[id]/shipments/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as ordersRoute from '@/app/api/order/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import { getDb } from '@/lib/db/client';
import { checkouts, invoices, orders, tools } from '@/lib/db/schema';
import type { CheckoutDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { checkout, setLine, SHIP_TO } from './invoice-steps';
import { cancelOrder, pay, shipOrder } from './order-steps';

let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
});

interface Placed {
  insertedId: string;
  number: number;
  checkoutId: string;
  checkoutNumber: number;
}

const placeOne = (user: TestUser, toolId: string, quantity: number) =>
  call<Placed & ErrorBody>(ordersRoute.POST, {
    method: 'POST',
    body: { toolId, quantity, ...SHIP_TO },
    token: user.token,
  });
const read = (user: TestUser, id: string) =>
  call<CheckoutDto & ErrorBody>(oneCheckout.GET, { params: { id }, token: user.token });

describe('an order placed alone', () => {
  it('is a document of one line: its number, its line, its total, read like any order', async () => {
    const tool = await makeTool({ priceCents: 250, quantity: 100, minQuantity: 10 });
    const placed = await placeOne(alice, tool.id, 12);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    const { body } = await read(alice, placed.body.checkoutId);
    expect(body).toMatchObject({
      checkoutId: placed.body.checkoutId,
      number: placed.body.checkoutNumber,
      total: 30,
      amountDue: 30,
      status: 'placed',
      paid: false,
    });
    expect(body.lines).toEqual([
      expect.objectContaining({ orderId: placed.body.insertedId, quantity: 12, shipped: 0 }),
    ]);
    const [line] = await getDb().select().from(orders).where(eq(orders.id, placed.body.insertedId));
    expect(line).toMatchObject({
      checkoutId: placed.body.checkoutId,
      checkoutNumber: placed.body.checkoutNumber,
    });
    // Someone else's order is the same 404 as an unknown one.
    const bob = await makeUser();
    expect((await read(bob, placed.body.checkoutId)).status).toBe(404);
  });

  it('is paid through its line (the REST contract) and the document says so, with one ledger row', async () => {
    const tool = await makeTool({ priceCents: 1000, quantity: 100, minQuantity: 1 });
    const placed = (await placeOne(alice, tool.id, 3)).body;
    const transactionId = await pay(alice, placed.insertedId);
    const { body } = await read(alice, placed.checkoutId);
    expect(body).toMatchObject({ paid: true, transactionId, amountDue: 0 });
    expect(body.payments).toEqual([expect.objectContaining({ kind: 'card', amount: 30 })]);
    const [document] = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, placed.checkoutId));
    expect(document!.transactionId).toBe(transactionId);
  });

  it('is shipped by All Orders’ one click as a shipment of its document', async () => {
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    const placed = (await placeOne(alice, tool.id, 5)).body;
    await pay(alice, placed.insertedId);
    expect((await shipOrder(admin, placed.insertedId)).status).toBe(200);
    const { body } = await read(admin, placed.checkoutId);
    expect(body.status).toBe('shipped');
    expect(body.shipments).toEqual([
      expect.objectContaining({ lines: [{ orderId: placed.insertedId, quantity: 5 }] }),
    ]);
  });

  it('is cancelled with its document: stock back, the document gone, nothing left behind', async () => {
    const tool = await makeTool({ quantity: 100, minQuantity: 1 });
    const placed = (await placeOne(alice, tool.id, 7)).body;
    expect((await cancelOrder(alice, placed.insertedId)).body).toMatchObject({ deletedCount: 1 });
    const [after] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(after!.quantity).toBe(100);
    expect(
      await getDb().select().from(checkouts).where(eq(checkouts.id, placed.checkoutId)),
    ).toEqual([]);
  });
});

describe('an order on net terms', () => {
  it('ships before it is paid; an unpaid order by card does not', async () => {
    const buyer = await makeUser('customer', 'Terry Terms');
    const granted = await call(termsRoute.PUT, {
      method: 'PUT',
      params: { id: buyer.id },
      body: { netDays: 30, creditLimit: 5000 },
      token: admin.token,
    });
    expect(granted.status).toBe(200);
    const tool = await makeTool({ priceCents: 1000, quantity: 1000, minQuantity: 1 });
    await setLine(buyer, tool.id, 20);
    const onTerms = await checkout(buyer, { paymentMethod: 'invoice' });
    expect(onTerms.status).toBe(201);
    const ship = (checkoutId: string, orderId: string) =>
      call<ErrorBody>(shipmentsRoute.POST, {
        method: 'POST',
        params: { id: checkoutId },
        body: { lines: [{ orderId, quantity: 20 }], trackingNumber: 'TR-1' },
        token: admin.token,
      });
    expect((await ship(onTerms.body.checkoutId, onTerms.body.orderIds[0]!)).status).toBe(201);
    const [invoice] = await getDb()
      .select()
      .from(invoices)
      .where(eq(invoices.checkoutId, onTerms.body.checkoutId));
    expect(invoice).toMatchObject({ method: 'invoice', status: 'open' });

    await setLine(buyer, tool.id, 20);
    const byCard = await checkout(buyer, {});
    const refused = await ship(byCard.body.checkoutId, byCard.body.orderIds[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/is not paid yet$/);
  });
});

describe('one-tool orders and carts racing for the same stock', () => {
  it('never oversell, and each placement is whole or nothing', async () => {
    const scarce = await makeTool({ quantity: 100, minQuantity: 1 });
    const other = await makeTool({ quantity: 1000, minQuantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    for (const buyer of buyers) {
      await setLine(buyer, other.id, 10);
      await setLine(buyer, scarce.id, 15);
    }
    const answers = await Promise.all([
      ...buyers.map((buyer) => checkout(buyer, {})),
      ...buyers.map((buyer) => placeOne(buyer, scarce.id, 15)),
    ]);
    const placedIds = answers.flatMap((answer) =>
      answer.status === 201
        ? [(answer.body as { checkoutId: string }).checkoutId]
        : (expect([409, 400]).toContain(answer.status), []),
    );
    const lines = await getDb().select().from(orders).where(inArray(orders.checkoutId, placedIds));
    const taken = lines
      .filter((line) => line.toolId === scarce.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    const [left] = await getDb().select().from(tools).where(eq(tools.id, scarce.id));
    expect(taken + left!.quantity).toBe(100);
    expect(taken).toBeGreaterThan(0);
    // A cart's checkout placed both its lines or none.
    const documents = new Map<string, string[]>();
    for (const line of lines) {
      documents.set(line.checkoutId, [...(documents.get(line.checkoutId) ?? []), line.toolId]);
    }
    for (const tools of documents.values()) expect([1, 2]).toContain(tools.length);
    console.info(
      `race, 10 carts and 10 one-tool orders for 100 pieces: ${taken} placed, ${left!.quantity} left`,
    );
  }, 60_000);
});
