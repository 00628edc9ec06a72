import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as packingSlipRoute from '@/app/api/checkout/[id]/shipments/[number]/packing-slip/route';
import * as shipmentsRoute from '@/app/api/checkout/[id]/shipments/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import { placeWithin } from '@/lib/orders/placement';
import { getDb } from '@/lib/db/client';
import { auditLog, checkouts, mailOutbox, orders, tools } from '@/lib/db/schema';
import { renderMail } from '@/lib/mail/render';
import type { CheckoutDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { pdfText } from './invoice-steps';

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
  bob = await makeUser('customer', 'Bob');
});

interface Shipment {
  number: string;
  lines: { orderId: string; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: string;
}

/** A paid checkout of the given lines, placed as the checkout places it; `backOrder` as an accepted quote does. */
async function placePaid(
  user: TestUser,
  lines: { toolId: string; quantity: number }[],
  { backOrder = false, paid = true } = {},
) {
  const checkout = await getDb().transaction((tx) =>
    placeWithin(tx, {
      buyer: { userId: user.id },
      lines,
      contact: { address: '1 Dock Rd, Springfield', phone: '+1 555 0100', poNumber: 'PO-77' },
      origin: 'http://shop.test',
      backOrder,
    }),
  );
  if (paid) {
    const transactionId = `pi_${checkout.checkoutId}`;
    await getDb()
      .update(checkouts)
      .set({ transactionId })
      .where(eq(checkouts.id, checkout.checkoutId));
    await getDb()
      .update(orders)
      .set({ paid: true, transactionId, paidAt: new Date() })
      .where(eq(orders.checkoutId, checkout.checkoutId));
  }
  const written = await getDb()
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, checkout.checkoutId));
  // In the order the lines were asked for.
  const sorted = lines.map((line) => written.find((order) => order.toolId === line.toolId)!);
  return { checkoutId: checkout.checkoutId, number: checkout.number, lines: sorted };
}

const ship = (user: TestUser | undefined, checkoutId: string, body: Record<string, unknown>) =>
  call<Shipment & ErrorBody>(shipmentsRoute.POST, {
    method: 'POST',
    params: { id: checkoutId },
    body,
    token: user?.token,
  });
const read = (checkoutId: string, user = admin) =>
  call<CheckoutDto>(oneCheckout.GET, { params: { id: checkoutId }, token: user.token });
const restock = (toolId: string, newQuantity: number) =>
  call(toolRoute.PUT, {
    method: 'PUT',
    params: { id: toolId },
    body: { newQuantity },
    token: admin.token,
  });
const shipmentMails = async (email: string) =>
  getDb()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'shipment_sent')))
    .orderBy(asc(mailOutbox.createdAt));

describe('POST /api/checkout/{id}/shipments', () => {
  it('ships part of an order, numbers the shipment, and lists it with each line shipped and back-ordered', async () => {
    const drill = await makeTool({ quantity: 1000, minQuantity: 10, priceCents: 500 });
    const saw = await makeTool({ quantity: 1000, minQuantity: 10, priceCents: 700 });
    const placed = await placePaid(alice, [
      { toolId: drill.id, quantity: 100 },
      { toolId: saw.id, quantity: 50 },
    ]);
    const [first, second] = placed.lines;
    const response = await ship(admin, placed.checkoutId, {
      lines: [{ orderId: first!.id, quantity: 40 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      number: expect.stringMatching(/^S-\d+$/),
      lines: [{ orderId: first!.id, quantity: 40 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const next = await ship(admin, placed.checkoutId, {
      lines: [
        { orderId: first!.id, quantity: 60 },
        { orderId: second!.id, quantity: 10 },
      ],
    });
    expect(next.status).toBe(201);
    // Gap-free: the next shipment takes the next number.
    expect(Number(next.body.number.slice(2))).toBe(Number(response.body.number.slice(2)) + 1);

    const { body } = await read(placed.checkoutId);
    expect(body.status).toBe('partially_shipped');
    const lineOf = (id: string) => body.lines.find((line) => line.orderId === id);
    expect(lineOf(first!.id)).toMatchObject({ quantity: 100, shipped: 100, backOrdered: 0 });
    expect(lineOf(second!.id)).toMatchObject({ quantity: 50, shipped: 10, backOrdered: 0 });
    expect(body.shipments.map((shipment) => shipment.number)).toEqual([
      response.body.number,
      next.body.number,
    ]);
    expect(body.orders.find((order) => order._id === first!.id)?.shipped).toBe(true);
    expect(body.orders.find((order) => order._id === second!.id)?.shipped).toBe(false);
    // The buyer reads the page too.
    expect((await read(placed.checkoutId, alice)).body.shipments).toHaveLength(2);

    await ship(admin, placed.checkoutId, { lines: [{ orderId: second!.id, quantity: 40 }] });
    expect((await read(placed.checkoutId)).body.status).toBe('shipped');
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'order.shipment'), eq(auditLog.target, `order C-${placed.number}`)),
      )
      .orderBy(asc(auditLog.at))
      .limit(1);
    expect(audit?.after).toMatchObject({
      number: response.body.number,
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it('refuses more than the reserved, unshipped pieces (409 naming the line) and writes nothing', async () => {
    const tool = await makeTool({ quantity: 30, minQuantity: 10, priceCents: 500, sku: 'BO-2001' });
    const placed = await placePaid(alice, [{ toolId: tool.id, quantity: 100 }], {
      backOrder: true,
    });
    const [line] = placed.lines;
    expect(line!.backOrdered).toBe(70);
    const over = await ship(admin, placed.checkoutId, {
      lines: [{ orderId: line!.id, quantity: 31 }],
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      `Line #${line!.number} (BO-2001): 31 pieces can not ship, only 30 can (70 back-ordered)`,
    );
    const { body } = await read(placed.checkoutId);
    expect(body.shipments).toEqual([]);
    expect(body.lines[0]).toMatchObject({ shipped: 0, backOrdered: 70 });
    expect(await shipmentMails(alice.email)).not.toContainEqual(
      expect.objectContaining({
        data: expect.objectContaining({ reference: `order C-${placed.number}` }),
      }),
    );
  });

  it('refuses an unpaid order, a line of another order, and bad input with the field message', async () => {
    const tool = await makeTool({ quantity: 1000, minQuantity: 10 });
    const unpaid = await placePaid(bob, [{ toolId: tool.id, quantity: 20 }], { paid: false });
    const other = await placePaid(bob, [{ toolId: tool.id, quantity: 20 }]);
    const refused = await ship(admin, unpaid.checkoutId, {
      lines: [{ orderId: unpaid.lines[0]!.id, quantity: 5 }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/is not paid yet$/);
    const foreign = await ship(admin, unpaid.checkoutId, {
      lines: [{ orderId: other.lines[0]!.id, quantity: 5 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual({
      'lines.0.orderId': 'This line is not part of the order',
    });
    const zero = await ship(admin, other.checkoutId, {
      lines: [{ orderId: other.lines[0]!.id, quantity: 0 }],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields).toEqual({ 'lines.0.quantity': 'Ship at least 1 piece' });
    const none = await ship(admin, other.checkoutId, { lines: [] });
    expect(none.status).toBe(400);
  });

  it('20 concurrent shipments of one order never ship more than reserved', async () => {
    const tool = await makeTool({ quantity: 50, minQuantity: 10, priceCents: 500 });
    const placed = await placePaid(alice, [{ toolId: tool.id, quantity: 120 }], {
      backOrder: true,
    });
    const [line] = placed.lines;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ship(admin, placed.checkoutId, { lines: [{ orderId: line!.id, quantity: 7 }] }),
      ),
    );
    const shipped = results.filter((result) => result.status === 201);
    expect(shipped).toHaveLength(7); // 7 × 7 = 49 of 50 reserved; an eighth would need 56
    expect(results.filter((result) => result.status === 409)).toHaveLength(13);
    const { body } = await read(placed.checkoutId);
    expect(body.lines[0]).toMatchObject({ shipped: 49, backOrdered: 70 });
    const numbers = shipped
      .map((result) => Number(result.body.number.slice(2)))
      .sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(6); // consecutive: no number lost to a refused shipment
  });
});

describe('back-orders', () => {
  it('a restock reserves the new pieces for back-ordered lines oldest first, in the same transaction', async () => {
    const tool = await makeTool({ quantity: 0, minQuantity: 10, priceCents: 500 });
    const placed = [];
    for (let i = 0; i < 3; i++)
      placed.push(await placePaid(alice, [{ toolId: tool.id, quantity: 40 }], { backOrder: true }));
    expect(placed.map((p) => p.lines[0]!.backOrdered)).toEqual([40, 40, 40]);
    expect((await restock(tool.id, 60)).status).toBe(200);
    const after = await Promise.all(placed.map((p) => read(p.checkoutId)));
    expect(after.map(({ body }) => body.lines[0]!.backOrdered)).toEqual([0, 20, 40]);
    const [row] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(row!.quantity).toBe(0);
    // The line reserved in full can now ship.
    const shipped = await ship(admin, placed[0]!.checkoutId, {
      lines: [{ orderId: placed[0]!.lines[0]!.id, quantity: 40 }],
    });
    expect(shipped.status).toBe(201);
  });

  it('stock raised while 20 orders race for it: every piece is either reserved once or still in stock', async () => {
    const tool = await makeTool({ quantity: 0, minQuantity: 10, priceCents: 500 });
    const waiting = await placePaid(alice, [{ toolId: tool.id, quantity: 100 }], {
      backOrder: true,
    });
    const racing = Array.from({ length: 20 }, () =>
      placePaid(bob, [{ toolId: tool.id, quantity: 10 }], { backOrder: true }),
    );
    const [restocked] = await Promise.all([restock(tool.id, 150), ...racing]);
    expect(restocked.status).toBe(200);
    const lines = await getDb().select().from(orders).where(eq(orders.toolId, tool.id));
    const [row] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    const reserved = lines.reduce((sum, line) => sum + line.quantity - line.backOrdered, 0);
    expect(reserved + row!.quantity).toBe(150);
    expect(row!.quantity).toBeGreaterThanOrEqual(0);
    // The oldest line was waiting before the stock rose: it is served first.
    const oldest = lines.find((line) => line.checkoutId === waiting.checkoutId)!;
    expect(oldest.backOrdered).toBe(0);
  });
});

describe("All Orders' Pending → Shipped", () => {
  it('ships the whole line as one shipment, mails once, and is refused while pieces are back-ordered', async () => {
    const tool = await makeTool({ quantity: 10, minQuantity: 10, priceCents: 500 });
    const placed = await placePaid(alice, [{ toolId: tool.id, quantity: 25 }], { backOrder: true });
    const [line] = placed.lines;
    const mark = () =>
      call<ErrorBody>(shippedRoute.PUT, {
        method: 'PUT',
        params: { id: line!.id },
        token: admin.token,
      });
    const refused = await mark();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      '15 of 25 pieces are back-ordered: the order can ship once they are in stock',
    );
    await restock(tool.id, 15);
    const done = await mark();
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await mark()).body).toEqual({ acknowledged: true, modifiedCount: 0 });
    const { body } = await read(placed.checkoutId);
    expect(body.status).toBe('shipped');
    expect(body.shipments).toHaveLength(1);
    expect(body.shipments[0]!.lines).toEqual([{ orderId: line!.id, quantity: 25 }]);
  });
});

describe('the shipment mail and packing slip', () => {
  it("mails what shipped, what is still to come and the tracking number; the slip lists that parcel's pieces", async () => {
    const drill = await makeTool({
      quantity: 1000,
      minQuantity: 10,
      sku: 'DR-3001',
      name: 'Mail drill',
    });
    const saw = await makeTool({
      quantity: 1000,
      minQuantity: 10,
      sku: 'SW-3002',
      name: 'Mail saw',
    });
    const placed = await placePaid(bob, [
      { toolId: drill.id, quantity: 300 },
      { toolId: saw.id, quantity: 20 },
    ]);
    const [first, second] = placed.lines;
    const shipped = await ship(admin, placed.checkoutId, {
      lines: [{ orderId: first!.id, quantity: 120 }],
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230704',
    });
    expect(shipped.status).toBe(201);
    const [mail] = (await shipmentMails(bob.email)).filter(
      (row) => (row.data as { shipmentNumber: string }).shipmentNumber === shipped.body.number,
    );
    const rendered = await renderMail(mail!.kind, mail!.data);
    expect(rendered.subject).toBe(
      `Toolhaus: your order C-${placed.number} is Partially shipped (shipment ${shipped.body.number})`,
    );
    const text = rendered.text.replace(/\s+/g, ' ');
    // The order's state in the body too, as the screens name it.
    expect(text).toContain('Status: Partially shipped');
    expect(text).toContain('Tracking number: JD014600006281230704 (DHL)');
    expect(text).toMatch(
      new RegExp(`In this shipment.*#${first!.number} Mail drill DR-3001 120 pieces`),
    );
    const toCome = text.slice(text.indexOf('Still to come'));
    expect(toCome).toContain(`#${first!.number} Mail drill DR-3001 180 pieces`);
    expect(toCome).toContain(`#${second!.number} Mail saw SW-3002 20 pieces`);

    const slip = async (user: TestUser, number = shipped.body.number) => {
      const response = await packingSlipRoute.GET(
        new Request(
          `http://localhost/api/checkout/${placed.checkoutId}/shipments/${number}/packing-slip`,
          {
            headers: { authorization: `Bearer ${user.token}` },
          },
        ),
        { params: Promise.resolve({ id: placed.checkoutId, number }) },
      );
      return { status: response.status, pdf: Buffer.from(await response.arrayBuffer()) };
    };
    const pdf = await slip(admin);
    expect(pdf.status).toBe(200);
    const page = pdfText(pdf.pdf);
    expect(page).toContain(`Shipment ${shipped.body.number} of order C-${placed.number}`);
    expect(page).toContain('Tracking: DHL JD014600006281230704');
    expect(page).toMatch(/DR-3001\s+Mail drill\s+120\n/);
    expect(page).not.toContain('SW-3002');
    expect((await slip(bob)).status).toBe(403);
    expect((await slip(admin, 'S-999999')).status).toBe(404);
  });
});

describe('who may ship', () => {
  it('signed out 401, a customer (even the buyer) 403, an unknown order 404', async () => {
    const tool = await makeTool({ quantity: 1000, minQuantity: 10 });
    const placed = await placePaid(alice, [{ toolId: tool.id, quantity: 20 }]);
    const body = { lines: [{ orderId: placed.lines[0]!.id, quantity: 5 }] };
    expect((await ship(undefined, placed.checkoutId, body)).status).toBe(401);
    expect((await ship(alice, placed.checkoutId, body)).status).toBe(403);
    expect((await ship(bob, placed.checkoutId, body)).status).toBe(403);
    expect((await ship(admin, '00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    const [row] = await getDb()
      .select({ shipped: sql<number>`shipped_quantity` })
      .from(orders)
      .where(eq(orders.id, placed.lines[0]!.id));
    expect(row!.shipped).toBe(0);
  });
});
