import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ordersRoute from '@/app/api/order/route';
import * as userByKey from '@/app/api/user/[key]/route';
import { getDb } from '@/lib/db/client';
import { mailOutbox } from '@/lib/db/schema';
import { formatCheckoutNumber } from '@/lib/format';
import { smtpSender } from '@/lib/mail/transport';
import { MailWorker } from '@/lib/mail/worker';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { cancelOrder, pay, recordPayment, shipOrder } from './order-steps';
import { mailOrigin } from '@/lib/mail/config';
import { linkIn, setUpTestMail, startTestSmtp } from './smtp';

const testMail = setUpTestMail();
let admin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Buyer');
});

async function placeOrder(user: TestUser, quantity = 12) {
  const tool = await makeTool({
    name: 'Claw Hammer',
    priceCents: 250,
    quantity: 100,
    minQuantity: 10,
  });
  const { status, body } = await call<
    { insertedId: string; checkoutId: string; checkoutNumber: number } & ErrorBody
  >(ordersRoute.POST, {
    method: 'POST',
    path: '/api/order',
    token: user.token,
    body: { toolId: tool.id, quantity, address: '1 Main St', phone: '555' },
  });
  expect(status).toBe(201);
  numbers.set(body.insertedId, body.checkoutNumber);
  documents.set(body.insertedId, body.checkoutId);
  return body.insertedId;
}

// Each line's order (its number and id), kept when placed: a cancelled order's row is gone when its mail is read.
const numbers = new Map<string, number>();
const documents = new Map<string, string>();
const reference = (orderId: string) => formatCheckoutNumber(numbers.get(orderId)!);

/** Delivers the outbox and answers what reached the SMTP server. */
async function delivered(): Promise<ParsedMail[]> {
  await testMail.worker.drain();
  return testMail.smtp.messages;
}
const recipient = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');

describe('order mails', () => {
  it('order placed: number, product, quantity, total and a link to pay it, to the customer', async () => {
    const orderId = await placeOrder(alice);
    const [mail, ...rest] = await delivered();
    expect(rest).toHaveLength(0);
    expect(recipient(mail!)).toBe(alice.email);
    expect(mail!.subject).toBe(`Toolhaus: order ${reference(orderId)} placed, Unpaid`);
    expect(mail!.text).toContain('Claw Hammer');
    expect(mail!.text).toContain('12 pieces');
    expect(mail!.text).toContain('$30.00');
    // Links point at the shop's configured origin, never the request's (here no AUTH_URL: this server's own).
    expect(linkIn(mail!, `${mailOrigin()}/checkout/`)).toBe(
      `${mailOrigin()}/checkout/${documents.get(orderId)}`,
    );
  });

  it('payment received: a receipt with the transaction id, once', async () => {
    const orderId = await placeOrder(alice);
    const transactionId = await pay(alice, orderId);
    // Recording the same payment again changes nothing and mails nothing.
    await recordPayment(alice, orderId, transactionId);
    const mails = await delivered();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Toolhaus: order ${reference(orderId)} placed, Unpaid`,
      `Toolhaus: order ${reference(orderId)} is Paid`,
    ]);
    expect(mails[1]!.text).toContain(`Transaction id: ${transactionId}`);
    expect(mails[1]!.text).toContain('$30.00');
  });

  it('shipped: one mail, however often the admin marks it', async () => {
    const orderId = await placeOrder(alice);
    await pay(alice, orderId);
    for (let n = 0; n < 2; n++) {
      expect((await shipOrder(admin, orderId)).status).toBe(200);
    }
    const mails = await delivered();
    const shipped = mails.filter((mail) => mail.subject?.includes('(shipment '));
    expect(shipped.map((mail) => mail.subject)).toEqual([
      `Toolhaus: your order ${reference(orderId)} is Shipped (shipment S-1001)`,
    ]);
    expect(recipient(mails.at(-1)!)).toBe(alice.email);
  });

  it('cancelled by the customer, by an admin, or by the removal of the account', async () => {
    const byCustomer = await placeOrder(alice);
    const byAdmin = await placeOrder(alice);
    const leaving = await makeUser('customer', 'Leaving Larry');
    const byRemoval = await placeOrder(leaving);
    expect((await cancelOrder(alice, byCustomer)).status).toBe(200);
    expect((await cancelOrder(admin, byAdmin)).status).toBe(200);
    expect(
      (
        await call(userByKey.DELETE, {
          method: 'DELETE',
          params: { key: leaving.id },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const cancelled = (await delivered()).filter((mail) => mail.subject?.endsWith('is Cancelled'));
    const texts = Object.fromEntries(
      cancelled.map((mail) => [mail.subject, `${recipient(mail)} ${mail.text}`]),
    );
    expect(texts[`Toolhaus: order ${reference(byCustomer)} is Cancelled`]).toContain(
      'You cancelled this order.',
    );
    expect(texts[`Toolhaus: order ${reference(byAdmin)} is Cancelled`]).toContain(
      'Our team cancelled this order.',
    );
    expect(texts[`Toolhaus: order ${reference(byRemoval)} is Cancelled`]).toMatch(
      new RegExp(`^${leaving.email} .*because the account was removed`, 's'),
    );
    expect(cancelled).toHaveLength(3);
  });

  it('a refused or rolled-back order sends nothing', async () => {
    const tool = await makeTool({ quantity: 5, minQuantity: 1 });
    const refused = await call(ordersRoute.POST, {
      method: 'POST',
      token: alice.token,
      body: { toolId: tool.id, quantity: 6, address: 'A', phone: '1' },
    });
    expect(refused.status).toBe(400);
    // A statement that fails part-way (a CHECK added for this test refuses the order row) rolls its mail back too.
    await getDb().execute(
      `ALTER TABLE orders ADD CONSTRAINT orders_test_phone CHECK (phone <> 'boom')`,
    );
    try {
      const failed = await call(ordersRoute.POST, {
        method: 'POST',
        token: alice.token,
        body: { toolId: tool.id, quantity: 2, address: 'A', phone: 'boom' },
      });
      expect(failed.status).toBe(500);
    } finally {
      await getDb().execute(`ALTER TABLE orders DROP CONSTRAINT orders_test_phone`);
    }
    expect(await getDb().select().from(mailOutbox)).toHaveLength(0);
    expect(await delivered()).toHaveLength(0);
  });
});

describe('fault: the SMTP server is down while orders are placed', () => {
  it('delivers every order mail once it is back', async () => {
    const port = testMail.smtp.port;
    await testMail.smtp.stop();
    const down = new MailWorker({
      db: getDb(),
      send: smtpSender(`smtp://127.0.0.1:${port}`),
      from: 'Toolhaus <shop@toolhaus.test>',
      backoffMs: () => 0,
    });
    const placed: string[] = [];
    for (let n = 0; n < 10; n++) placed.push(await placeOrder(alice));
    expect(await down.drain()).toBe(0);
    const waiting = await getDb().select().from(mailOutbox);
    expect(waiting.every((row) => row.status === 'pending' && row.lastError)).toBe(true);
    testMail.smtp = await startTestSmtp(port);
    expect(await down.drain()).toBe(placed.length);
    const subjects = testMail.smtp.messages.map((mail) => mail.subject);
    expect(new Set(subjects).size).toBe(placed.length);
    expect(subjects.sort()).toEqual(
      placed.map((id) => `Toolhaus: order ${reference(id)} placed, Unpaid`).sort(),
    );
    console.info(
      `fault test, orders while SMTP down: queued ${placed.length}, delivered ${subjects.length}, duplicates 0, lost 0`,
    );
  });
});

describe('the outbox row of an order', () => {
  it('is written by the order’s own statement', async () => {
    const orderId = await placeOrder(alice);
    const [row] = await getDb()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'checkout_placed'));
    expect(row).toMatchObject({ recipient: alice.email, status: 'pending' });
    expect(row!.data).toMatchObject({
      checkoutId: documents.get(orderId),
      lines: [{ product: 'Claw Hammer', quantity: 12, totalCents: 3000 }],
      totalCents: 3000,
    });
  });
});
