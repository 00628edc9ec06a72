import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as companyRoute from '@/app/api/user/company/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import * as paymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as orderRoute from '@/app/api/order/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import * as slipRoute from '@/app/api/orders/[id]/packing-slip/route';
import { getDb } from '@/lib/db/client';
import { auditLog, invoices, mailOutbox, tools } from '@/lib/db/schema';
import { sendInvoiceReminders } from '@/lib/invoices/reminders';
import { attachmentsOf } from '@/lib/mail/attachments';
import type { OrderDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import {
  checkout,
  fetchPdf,
  fetchXml,
  invoiceOfCheckout,
  payCheckout,
  pdfText,
  setLine,
  SHIP_TO,
} from './invoice-steps';
import { pay } from './order-steps';
import { memberCompany } from './companies-fixtures';

let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  admin = await makeUser('admin');
  buyer = await makeUser('customer', 'Bea Buyer');
  stranger = await makeUser('customer');
});

const db = () => getDb();
const today = (plusDays = 0) =>
  new Date(Date.now() + plusDays * 86_400_000).toISOString().slice(0, 10);
const NUMBER = /^INV-\d{4}-\d{6}$/;
const sequenceOf = (number: string) => Number(number.slice(-6));

const putCompany = (user: TestUser, body: Record<string, unknown>) =>
  call<ErrorBody & Record<string, unknown>>(companyRoute.PUT, {
    method: 'PUT',
    body,
    token: user.token,
  });
const grantTerms = (user: TestUser, body: Record<string, unknown>, as = admin) =>
  call<ErrorBody>(termsRoute.PUT, {
    method: 'PUT',
    params: { id: user.id },
    body,
    token: as.token,
  });
const recordTransfer = (number: string, body: Record<string, unknown>) =>
  call<ErrorBody & { status: string; due: number }>(paymentsRoute.POST, {
    method: 'POST',
    params: { number },
    body,
    token: admin.token,
  });
const orderOf = async (id: string, user = buyer) =>
  (await call<OrderDto>(oneOrder.GET, { params: { id }, token: user.token })).body;

/** A checkout of these tools at these quantities, placed by `user` (201 asserted). */
async function placed(
  user: TestUser,
  lines: [string, number][],
  body: Record<string, unknown> = {},
) {
  for (const [toolId, quantity] of lines)
    expect((await setLine(user, toolId, quantity)).status).toBe(200);
  const answer = await checkout(user, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('an invoice for a checkout paid by card', () => {
  it('prints seller, company, PO, every line with SKU, savings, tax and totals, and never changes', async () => {
    expect(
      (
        await putCompany(buyer, {
          companyName: 'Acme Fasteners GmbH',
          taxId: 'DE123456789',
          billingAddress: 'Ledger Str. 5, 10115 Berlin',
        })
      ).status,
    ).toBe(200);
    const wrench = await makeTool({
      sku: `WR-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      name: 'Torque wrench',
      priceCents: 1000,
      priceBreaks: [{ minQuantity: 100, priceCents: 900 }],
      quantity: 10_000,
    });
    const hammer = await makeTool({ name: 'Claw hammer', priceCents: 1250, quantity: 10_000 });
    const { checkoutId, orderIds } = await placed(
      buyer,
      [
        [wrench.id, 3000],
        [hammer.id, 20],
      ],
      { poNumber: 'PO-77-ALPHA' },
    );
    expect(
      (await orderOf(orderIds[0]!)).invoiceNumber,
      'no invoice before payment',
    ).toBeUndefined();
    const transactionId = await payCheckout(buyer, checkoutId);

    const order = await orderOf(orderIds[0]!);
    expect(order.invoiceNumber).toMatch(NUMBER);
    expect(order.dueDate).toBeUndefined();
    const { status, type, pdf } = await fetchPdf(buyer, order.invoiceNumber!);
    expect([status, type]).toEqual([200, 'application/pdf']);
    // Who else may read it is the authorization matrix's; an unknown number is a plain 404.
    expect((await fetchPdf(buyer, 'INV-1999-999999')).status).toBe(404);
    const text = pdfText(pdf);
    for (const expected of [
      `Invoice ${order.invoiceNumber}`,
      'Toolhaus Manufacturing Ltd.',
      'Acme Fasteners GmbH',
      'DE123456789',
      'Ledger Str. 5, 10115 Berlin',
      'PO number: PO-77-ALPHA',
      `Paid by card, transaction ${transactionId}`,
      wrench.sku,
      hammer.sku,
      'Torque wrench',
      '3,000',
      '$9.00',
      '$27,000.00',
      '$250.00',
      // Savings are a note under the total, not a deduction above the subtotal.
      'Price breaks saved you $3,000.00, already in the prices above.',
      'Tax (0%)',
      '$27,250.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Subtotal\s+\$27,250\.00/);
    expect(text).toMatch(/Total\s+\$27,250\.00/);

    // Later edits of the catalogue and the profile leave the issued invoice as it was printed, PDF and XML alike.
    const xml = await fetchXml(buyer, order.invoiceNumber!);
    expect(xml).toContain(`<ram:ID>${order.invoiceNumber}</ram:ID>`);
    await db()
      .update(tools)
      .set({ name: 'Renamed wrench', priceCents: 1 })
      .where(eq(tools.id, wrench.id));
    await putCompany(buyer, { companyName: 'Renamed Corp', taxId: null, billingAddress: null });
    expect((await fetchPdf(buyer, order.invoiceNumber!)).pdf.equals(pdf)).toBe(true);
    expect(await fetchXml(buyer, order.invoiceNumber!)).toBe(xml);

    const mail = await db()
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'checkout_paid' AND ${mailOutbox.data}->>'checkoutId' = ${checkoutId}`,
      );
    const [attachment] = await attachmentsOf(db(), mail[0]!.data);
    expect(attachment!.filename).toBe(`${order.invoiceNumber}.pdf`);
    expect(attachment!.content.equals(pdf)).toBe(true);
  });

  it('numbers 50 concurrent payments without a gap or a repeat', async () => {
    const payer = await makeUser();
    const tool = await makeTool({ quantity: 100_000, minQuantity: 1 });
    const ids = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const answer = await call<{ insertedId: string; checkoutId: string }>(orderRoute.POST, {
          method: 'POST',
          body: { toolId: tool.id, quantity: 1, ...SHIP_TO },
          token: payer.token,
        });
        return answer.body;
      }),
    );
    await Promise.all(ids.map((placed) => pay(payer, placed.insertedId)));
    const issued = await db()
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.checkoutId,
          ids.map((placed) => placed.checkoutId),
        ),
      );
    const numbers = issued.map((invoice) => sequenceOf(invoice.number)).sort((a, b) => a - b);
    expect(numbers).toHaveLength(50);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    const [last] = await db()
      .execute(sql`SELECT max(number) AS max FROM invoices WHERE kind = 'invoice'`)
      .then((r) => (r as unknown as { rows: { max: string }[] }).rows);
    expect(sequenceOf(last!.max)).toBe(numbers.at(-1));
  }, 120_000);
});

describe('net terms', () => {
  it('places a checkout on invoice, then bank transfers pay it in parts until the orders are paid', async () => {
    const onTerms = await makeUser('customer', 'Terry Terms');
    expect((await grantTerms(onTerms, { netDays: 30, creditLimit: 5000 })).status).toBe(200);
    const tool = await makeTool({ priceCents: 1000, quantity: 10_000 });
    const { checkoutId, orderIds } = await placed(onTerms, [[tool.id, 300]], {
      paymentMethod: 'invoice',
      poNumber: 'PO-NET-30',
    });
    const order = await orderOf(orderIds[0]!, onTerms);
    expect(order).toMatchObject({ paid: false, dueDate: today(30) });
    expect(order.invoiceNumber).toMatch(NUMBER);
    // The buyer's list of orders carries the same invoice and due date, read in its one statement.
    const listed = await call<OrderDto[]>(orderByKey.GET, {
      params: { key: onTerms.email },
      token: onTerms.token,
    });
    expect(listed.body).toEqual([
      expect.objectContaining({
        _id: orderIds[0],
        invoiceNumber: order.invoiceNumber,
        dueDate: today(30),
      }),
    ]);
    const text = pdfText((await fetchPdf(onTerms, order.invoiceNumber!)).pdf);
    expect(text).toContain('Terms: net 30 days');
    expect(text).toContain('Pay by bank transfer');
    expect(text).toContain('IBAN');
    expect(text).toContain('PO number: PO-NET-30');
    const placedMail = await db()
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'checkout_placed' AND ${mailOutbox.data}->>'checkoutId' = ${checkoutId}`,
      );
    expect(placedMail[0]!.data.invoiceNumber).toBe(order.invoiceNumber);

    const number = order.invoiceNumber!;
    const transfer = { date: today(), reference: 'SEPA-0001' };
    const partial = await recordTransfer(number, { ...transfer, amount: 1000 });
    expect(partial.body).toMatchObject({ status: 'open', due: 2000 });
    expect((await orderOf(orderIds[0]!, onTerms)).paid).toBe(false);
    const tooMuch = await recordTransfer(number, { ...transfer, amount: 2000.01 });
    expect(tooMuch.status).toBe(409);
    const rest = await recordTransfer(number, { ...transfer, amount: 2000 });
    expect(rest.body).toMatchObject({ status: 'paid', due: 0 });
    expect(await orderOf(orderIds[0]!, onTerms)).toMatchObject({
      paid: true,
      transactionId: number,
    });
    expect((await invoiceOfCheckout(checkoutId)).paidCents).toBe(300_000);
    expect((await recordTransfer(number, { ...transfer, amount: 1 })).status).toBe(409);
    const audited = await db()
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(inArray(auditLog.target, [`user ${onTerms.email}`, `invoice ${number}`]));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'payment.record',
      'payment.record',
      'terms.grant',
    ]);
  });

  // prettier-ignore
  it.each([
    [{ netDays: 45, creditLimit: 10 }, 'netDays', 'Net days must be 15, 30 or 60'],
    [{ netDays: 30 }, 'creditLimit', 'Credit limit is Required'],
    [{ netDays: 30, creditLimit: -1 }, 'creditLimit', 'Credit limit must be 0 or more'],
    [{ netDays: 30, creditLimit: 1.001 }, 'creditLimit', 'Credit limit can have at most 2 decimals'],
  ])('refuses terms %j: 400 on %s', async (body, field, message) => {
    const { status, body: answer } = await grantTerms(buyer, body);
    expect(status).toBe(400);
    expect(answer.error.fields?.[field]).toBe(message);
  });

  it('refuses invoice without terms (403, nothing written) and removes terms with netDays null', async () => {
    const user = await makeUser();
    const tool = await makeTool();
    await setLine(user, tool.id, 10);
    expect((await checkout(user, { paymentMethod: 'invoice' })).status).toBe(403);
    await grantTerms(user, { netDays: 15, creditLimit: 1000 });
    expect((await grantTerms(user, { netDays: null })).status).toBe(200);
    expect((await checkout(user, { paymentMethod: 'invoice' })).status).toBe(403);
    expect((await checkout(user, { paymentMethod: 'card' })).status).toBe(201);
  });

  it('never lets concurrent checkouts take the open invoices past the credit limit', async () => {
    const user = await makeUser();
    await grantTerms(user, { netDays: 30, creditLimit: 1000 });
    const tool = await makeTool({ priceCents: 1000, quantity: 100_000, minQuantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        await setLine(user, tool.id, 30);
        return checkout(user, { paymentMethod: 'invoice' });
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(
      statuses.every((status) => [201, 400, 409].includes(status)),
      String(statuses),
    ).toBe(true);
    const [open] = await db()
      .select({ cents: sql<number>`coalesce(sum(total_cents), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), eq(invoices.status, 'open')));
    expect(open!.cents).toBe(statuses.filter((status) => status === 201).length * 30_000);
    expect(open!.cents).toBeLessThanOrEqual(100_000);
    await setLine(user, tool.id, 100);
    const refused = await checkout(user, { paymentMethod: 'invoice' });
    expect(refused.status).toBe(409);
    expect(refused.body.remainingCredit).toBe((100_000 - open!.cents) / 100);
  }, 60_000);

  it('a cancelled checkout on invoice gets a credit note, and its invoice stops being due', async () => {
    const user = await makeUser();
    await grantTerms(user, { netDays: 60, creditLimit: 1000 });
    const tool = await makeTool();
    const { checkoutId, orderIds } = await placed(user, [[tool.id, 10]], {
      paymentMethod: 'invoice',
    });
    const invoice = await invoiceOfCheckout(checkoutId);
    const cancelled = await call(orderByKey.DELETE, {
      method: 'DELETE',
      params: { key: orderIds[0]! },
      token: user.token,
    });
    expect(cancelled.status).toBe(200);
    const [note] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, invoice.id));
    expect(note!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect((await invoiceOfCheckout(checkoutId)).status).toBe('credited');
    const text = pdfText((await fetchPdf(user, note!.number)).pdf);
    expect(text).toContain(`Credit note ${note!.number}`);
    expect(text).toContain(`Cancels invoice ${invoice.number}`);
  });
});

describe('reminders on terms', () => {
  it('mails 3 days before the due date and the day after it, once each across two instances and a restart', async () => {
    const user = await makeUser();
    await grantTerms(user, { netDays: 30, creditLimit: 10_000 });
    const tool = await makeTool();
    const soon = await placed(user, [[tool.id, 10]], { paymentMethod: 'invoice' });
    const late = await placed(user, [[tool.id, 10]], { paymentMethod: 'invoice' });
    const [dueSoon, overdue] = [
      await invoiceOfCheckout(soon.checkoutId),
      await invoiceOfCheckout(late.checkoutId),
    ];
    await db()
      .update(invoices)
      .set({ dueOn: today(3) })
      .where(eq(invoices.id, dueSoon.id));
    await db()
      .update(invoices)
      .set({ dueOn: today(-1) })
      .where(eq(invoices.id, overdue.id));
    await Promise.all([sendInvoiceReminders(), sendInvoiceReminders()]);
    await sendInvoiceReminders();
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'invoice_reminder' AND ${mailOutbox.recipient} = ${user.email}`,
      );
    expect(mails.map((mail) => [mail.data.invoiceNumber, mail.data.when]).sort()).toEqual(
      [
        [dueSoon.number, 'before'],
        [overdue.number, 'after'],
      ].sort(),
    );
  });
});

describe('company details and packing slip', () => {
  it('PUT /api/user/company validates and changes only the caller', async () => {
    const long = await putCompany(stranger, { companyName: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.companyName).toBe('Company name must be at most 200 characters');
    expect(
      (await putCompany(stranger, { companyName: 'Stranger Co', userId: buyer.id })).status,
    ).toBe(200);
    expect((await memberCompany(stranger.id))!.name).toBe('Stranger Co');
  });

  it('prints lines, SKUs, quantities, address and PO, and no price', async () => {
    const tool = await makeTool({ name: 'Slip spanner', priceCents: 4321, quantity: 10_000 });
    const { orderIds } = await placed(buyer, [[tool.id, 1500]], { poNumber: 'PO-SLIP-1' });
    const response = await slipRoute.GET(
      new Request('http://localhost/', { headers: { authorization: `Bearer ${admin.token}` } }),
      { params: Promise.resolve({ id: orderIds[0]! }) },
    );
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    for (const expected of [
      'Packing slip',
      'Slip spanner',
      tool.sku,
      '1,500',
      SHIP_TO.address,
      'PO-SLIP-1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('$');
  });
});
