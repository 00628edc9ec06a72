import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as lineRoute from '@/app/api/cart/[toolId]/route';
import * as checkoutRoute from '@/app/api/checkout/route';
import * as ordersRoute from '@/app/api/order/route';
import * as documentsRoute from '@/app/api/orders/documents/route';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { listOrderDocuments } from '@/lib/orders/document-list';
import type { OrderDocumentDto } from '@/lib/types';
import { actorOf, call, makeTool, makeUser, type TestUser } from './helpers';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
  bob = await makeUser('customer', 'Bob Other');
});

const ADDRESS = { address: '1 Dock Rd', phone: '+1 555 0100' };

/** A cart of these tools checked out: one document of as many lines. */
async function checkOut(user: TestUser, quantities: number[]) {
  for (const quantity of quantities) {
    const tool = await makeTool({ priceCents: 1000, quantity: 10_000, minQuantity: 1 });
    const put = await call(lineRoute.PUT, {
      method: 'PUT',
      params: { toolId: tool.id },
      body: { quantity },
      token: user.token,
    });
    expect(put.status).toBe(200);
  }
  const placed = await call<{ checkoutId: string; number: number; orderIds: string[] }>(
    checkoutRoute.POST,
    { method: 'POST', body: ADDRESS, token: user.token },
  );
  expect(placed.status).toBe(201);
  return placed.body;
}

/** An order placed alone (the tool page's Confirm Order). */
async function orderAlone(user: TestUser, quantity: number) {
  const tool = await makeTool({ priceCents: 250, quantity: 1000, minQuantity: 1 });
  const placed = await call<{ insertedId: string }>(ordersRoute.POST, {
    method: 'POST',
    body: { toolId: tool.id, quantity, ...ADDRESS },
    token: user.token,
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId;
}

const statusOf = (error: unknown) => (error instanceof AppError ? error.status : error);

describe('All Orders as order documents (listOrderDocuments)', () => {
  it('answers 401 signed out and 403 to a customer', async () => {
    await expect(listOrderDocuments(null, { page: 1, limit: 10 }).catch(statusOf)).resolves.toBe(
      401,
    );
    await expect(
      listOrderDocuments(actorOf(alice), { page: 1, limit: 10 }).catch(statusOf),
    ).resolves.toBe(403);
  });

  it('lists one row per document: a checkout of three lines once, with its lines by number', async () => {
    const buyer = await makeUser('customer', 'Carol Many');
    const cart = await checkOut(buyer, [5, 7, 9]);
    const lone = await orderAlone(buyer, 4);
    const rows = await listOrderDocuments(
      actorOf(admin),
      { page: 1, limit: 10 },
      { q: buyer.email },
    );
    // Newest first: the order placed alone after the checkout.
    expect(rows.map((row) => row.lines.length)).toEqual([1, 3]);
    expect(rows[0]!.lines[0]!.orderId).toBe(lone);
    expect(rows[1]!.id).toBe(cart.checkoutId);
    const documents = new Map(rows.map((row) => [row.lines[0]!.orderId, row]));
    const many = rows.find((row) => row.number === cart.number)!;
    expect(many).toMatchObject({
      pieces: 21,
      total: 210,
      amountDue: 210,
      paid: false,
      buyer: { name: 'Carol Many', email: buyer.email },
      status: 'placed',
    });
    expect(many.lines.map((line) => line.quantity).sort()).toEqual([5, 7, 9]);
    const numbers = many.lines.map((line) => line.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(documents.get(lone)).toMatchObject({ pieces: 4, total: 10, lines: [{ orderId: lone }] });
  });

  it('finds a document by any of its line numbers, and pages documents, not lines', async () => {
    const buyer = await makeUser('customer', 'Dan Pages');
    const first = await checkOut(buyer, [1, 2]);
    const second = await checkOut(buyer, [3, 4, 5]);
    const third = await orderAlone(buyer, 6);
    const page = (n: number) =>
      listOrderDocuments(actorOf(admin), { page: n, limit: 2 }, { q: buyer.email });
    const [one, two] = [await page(1), await page(2)];
    expect(one.map((row) => row.lines.length)).toEqual([1, 3]);
    expect(one[0]!.lines[0]!.orderId).toBe(third);
    expect(one[1]!.id).toBe(second.checkoutId);
    expect(two.map((row) => row.id)).toEqual([first.checkoutId]);
    expect(await page(3)).toEqual([]);

    const [line] = await getDb().select().from(orders).where(eq(orders.id, second.orderIds[2]!));
    const found = await listOrderDocuments(
      actorOf(admin),
      { page: 1, limit: 10 },
      { q: `#${line!.number}` },
    );
    expect(found.map((row) => row.id)).toEqual([second.checkoutId]);
    expect(found[0]!.lines).toHaveLength(3);
  });

  it("filters by the document's status: a paid document with a line left to ship is to ship", async () => {
    const buyer = await makeUser();
    const paid = await checkOut(buyer, [2, 3]);
    const unpaid = await checkOut(buyer, [4]);
    await getDb()
      .update(orders)
      .set({ paid: true, transactionId: `pi_${paid.checkoutId}`, paidAt: new Date() })
      .where(eq(orders.checkoutId, paid.checkoutId));
    await getDb()
      .update(orders)
      .set({ shippedQuantity: 2 })
      .where(eq(orders.id, paid.orderIds[0]!));
    const ids = async (status: 'unpaid' | 'to-ship' | 'shipped') =>
      (
        await listOrderDocuments(actorOf(admin), { page: 1, limit: 10 }, { q: buyer.email, status })
      ).map((row) => row.id);
    expect(await ids('unpaid')).toEqual([unpaid.checkoutId]);
    expect(await ids('to-ship')).toEqual([paid.checkoutId]);
    expect(await ids('shipped')).toEqual([]);
    const [row] = await listOrderDocuments(
      actorOf(admin),
      { page: 1, limit: 10 },
      { q: buyer.email, status: 'to-ship' },
    );
    expect(row).toMatchObject({ status: 'partially_shipped', amountDue: 0 });
  });
});

describe('GET /api/orders/documents', () => {
  const read = (user: TestUser | undefined, ids: string[]) =>
    call<OrderDocumentDto[]>(documentsRoute.GET, {
      path: `/api/orders/documents?ids=${ids.join(',')}`,
      token: user?.token,
    });

  it("answers the owner's documents by any line id, and nothing of someone else's", async () => {
    const cart = await checkOut(alice, [2, 3]);
    const lone = await orderAlone(alice, 5);
    // A line's id names its document as well as the document's own id does.
    const mine = await read(alice, [cart.checkoutId, lone]);
    expect(mine.status).toBe(200);
    expect(mine.body.map((row) => row.lines.length)).toEqual([2, 1]);
    expect((await read(bob, [cart.checkoutId, lone])).body).toEqual([]);
    expect((await read(admin, [cart.checkoutId])).body).toHaveLength(1);
    expect((await read(undefined, [cart.checkoutId])).status).toBe(401);
    expect((await read(alice, ['not-an-id'])).status).toBe(400);
  });
});
