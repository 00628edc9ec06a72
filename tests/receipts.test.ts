// Order papers: the requested delivery date (checkout and quote), the quote's invoice, the account statement.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as companyRoute from '@/app/api/user/company/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import * as paymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as slipRoute from '@/app/api/orders/[id]/packing-slip/route';
import * as acceptRoute from '@/app/api/quotes/[id]/accept/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as statementRoute from '@/app/api/statement/pdf/route';
import { getDb } from '@/lib/db/client';
import { cartLines, checkouts, mailOutbox, quotes, throttleHits, users } from '@/lib/db/schema';
import { renderMail } from '@/lib/mail/render';
import { getStatement } from '@/lib/invoices/statement';
import type { CheckoutDto, QuoteDto } from '@/lib/types';
import { actorOf, call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { checkout, fetchPdf, invoiceOfCheckout, pdfText, setLine } from './invoice-steps';

let admin: TestUser;
let buyer: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  admin = await makeUser('admin');
  buyer = await makeUser('customer', 'Dora Delivery');
  stranger = await makeUser('customer', 'Stan Stranger');
  await getDb()
    .update(users)
    .set({ address: '9 Wharf Lane', phone: '+1 555 0199' })
    .where(eq(users.id, buyer.id));
});
beforeEach(async () => {
  await getDb().delete(throttleHits);
});

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const grantTerms = (user: TestUser) =>
  call<ErrorBody>(termsRoute.PUT, {
    method: 'PUT',
    params: { id: user.id },
    body: { netDays: 30, creditLimit: 1_000_000 },
    token: admin.token,
  });
const readCheckout = (user: TestUser, id: string) =>
  call<CheckoutDto & ErrorBody>(oneCheckout.GET, { params: { id }, token: user.token });
const statementPdf = (user: TestUser | null, query = '') =>
  call<ErrorBody>(statementRoute.GET, {
    path: `/api/statement/pdf${query}`,
    ...(user && { token: user.token }),
  });
async function statementPdfText(user: TestUser, query = '') {
  const headers = { authorization: `Bearer ${user.token}` };
  const response = await statementRoute.GET(
    new Request(`http://localhost/api/statement/pdf${query}`, { headers }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

describe('the requested delivery date at checkout', () => {
  it('is stored on the order document and printed on its invoice and packing slip', async () => {
    await grantTerms(buyer);
    const tool = await makeTool({ name: 'Dated drill', priceCents: 2000, quantity: 1000 });
    expect((await setLine(buyer, tool.id, 10)).status).toBe(200);
    const wanted = dayFromNow(20);
    const placed = await checkout(buyer, { requestedDeliveryOn: wanted, paymentMethod: 'invoice' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const read = await readCheckout(buyer, placed.body.checkoutId);
    expect(read.body.requestedDeliveryOn).toBe(wanted);

    const invoice = await invoiceOfCheckout(placed.body.checkoutId);
    const printed = pdfText((await fetchPdf(buyer, invoice.number)).pdf);
    expect(printed).toContain('Requested delivery:');
    // Its placed mail does not promise to wait for a payment: on terms it ships first.
    const [queued] = await getDb()
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = 'checkout_placed' AND ${mailOutbox.data}->>'checkoutId' = ${placed.body.checkoutId}`,
      );
    const mail = await renderMail(queued!.kind, queued!.data);
    expect(mail.text).toContain(`It is placed on your terms: we ship it now`);
    expect(mail.text).not.toContain('We ship it once it is paid');
    expect(mail.text).toContain('Status: Unpaid');
    const slip = await slipRoute.GET(
      new Request(`http://localhost/api/orders/${placed.body.orderIds[0]}/packing-slip`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
      { params: Promise.resolve({ id: placed.body.orderIds[0]! }) },
    );
    expect(slip.status).toBe(200);
    expect(pdfText(Buffer.from(await slip.arrayBuffer()))).toContain('Requested delivery:');
  });

  it('is optional: an empty field is no date', async () => {
    const tool = await makeTool({ priceCents: 1000, quantity: 1000 });
    expect((await setLine(stranger, tool.id, 10)).status).toBe(200);
    const placed = await checkout(stranger, { requestedDeliveryOn: '' });
    expect(placed.status).toBe(201);
    expect((await readCheckout(stranger, placed.body.checkoutId)).body.requestedDeliveryOn).toBe(
      null,
    );
  });

  it.each([
    ['a day that does not exist', '2027-02-30', 'Requested delivery date must be a date like'],
    ['not a date', 'next week', 'Requested delivery date must be a date like'],
    ['a day past', dayFromNow(-3), 'Requested delivery date can not be in the past'],
    ['more than a year ahead', dayFromNow(400), 'Requested delivery date must be within 365 days'],
  ])('refuses %s with the field’s message, and writes nothing', async (_, value, message) => {
    const tool = await makeTool({ priceCents: 1000, quantity: 1000 });
    expect((await setLine(stranger, tool.id, 10)).status).toBe(200);
    const before = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(checkouts);
    const refused = await checkout(stranger, { requestedDeliveryOn: value });
    expect(refused.status).toBe(400);
    const body = refused.body as unknown as ErrorBody;
    expect(body.error.fields?.requestedDeliveryOn).toContain(message);
    const after = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(checkouts);
    expect(after[0]!.n).toBe(before[0]!.n);
    // The cart is still there to fix and place.
    const kept = await getDb().select().from(cartLines).where(eq(cartLines.userId, stranger.id));
    expect(kept.length).toBeGreaterThan(0);
    await getDb().delete(cartLines).where(eq(cartLines.userId, stranger.id));
  });
});

describe('a quote: requested delivery date and its invoice', () => {
  it('keeps the date, and the accepted order’s invoice names the quote, its price, back-order and company', async () => {
    await call(companyRoute.PUT, {
      method: 'PUT',
      body: { companyName: 'Delivery Works Ltd', taxId: null, billingAddress: null },
      token: buyer.token,
    });
    const tool = await makeTool({ name: 'Quoted press', priceCents: 10_000, quantity: 50 });
    const wanted = dayFromNow(60);
    const asked = await call<{ quoteId: string } & ErrorBody>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: tool.id, quantity: 80 }], requestedDeliveryOn: wanted },
      token: buyer.token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const { quoteId } = asked.body;
    const read = await call<QuoteDto>(oneQuote.GET, {
      params: { id: quoteId },
      token: buyer.token,
    });
    expect(read.body.requestedDeliveryOn).toBe(wanted);
    expect(
      (
        await call(oneQuote.PUT, {
          method: 'PUT',
          params: { id: quoteId },
          body: {
            lines: [{ toolId: tool.id, unitPrice: 60 }],
            leadTimeDays: 21,
            validUntil: dayFromNow(7),
          },
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    const accepted = await call<{ checkoutId: string } & ErrorBody>(acceptRoute.POST, {
      method: 'POST',
      params: { id: quoteId },
      body: { paymentMethod: 'invoice' },
      token: buyer.token,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const order = await readCheckout(buyer, accepted.body.checkoutId);
    expect(order.body.requestedDeliveryOn).toBe(wanted);

    const [quote] = await getDb().select().from(quotes).where(eq(quotes.id, quoteId));
    const invoice = await invoiceOfCheckout(accepted.body.checkoutId);
    const text = pdfText((await fetchPdf(buyer, invoice.number)).pdf);
    expect(text).toContain(`Quote: Q-${quote!.number}`);
    expect(text).toContain('Quote price');
    expect(text).not.toContain('Unit price');
    expect(text).toContain(`Prices as agreed in quote Q-${quote!.number}.`);
    expect(text).not.toContain('Price break savings');
    expect(text).not.toContain('Price breaks saved you');
    expect(text).toContain('30 pieces are back-ordered');
    expect(text).toContain("quote's lead time of 21 days");
    expect(text).toContain('Delivery Works Ltd');
    expect(text).toContain('Attn: Dora Delivery');
    expect(text).toMatch(/Subtotal\s+\$4,800\.00/);
  });

  it('refuses a past date on the request with the field’s message', async () => {
    const tool = await makeTool({ priceCents: 1000, quantity: 100 });
    const refused = await call<ErrorBody>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: tool.id, quantity: 5 }], requestedDeliveryOn: dayFromNow(-5) },
      token: buyer.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.requestedDeliveryOn).toBe(
      'Requested delivery date can not be in the past',
    );
  });
});

describe('the account statement', () => {
  it('lists invoices, transfers and the running balance of a buyer on terms, as a page and a PDF', async () => {
    const payer = await makeUser('customer', 'Terry Terms');
    await grantTerms(payer);
    const tool = await makeTool({ name: 'Statement saw', priceCents: 5000, quantity: 1000 });
    expect((await setLine(payer, tool.id, 10)).status).toBe(200);
    const placed = await checkout(payer, { paymentMethod: 'invoice' });
    expect(placed.status).toBe(201);
    const invoice = await invoiceOfCheckout(placed.body.checkoutId);
    const paid = await call(paymentsRoute.POST, {
      method: 'POST',
      params: { number: invoice.number },
      body: { amount: 200, date: dayFromNow(0), reference: 'BANK-REF-7' },
      token: admin.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    const access = await getStatement(actorOf(payer), {});
    expect(access.kind).toBe('statement');
    if (access.kind !== 'statement') return;
    const { statement } = access;
    expect(statement.openingBalance).toBe(0);
    expect(statement.entries.map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['invoice', 500, 500],
      ['payment', -200, 300],
    ]);
    expect(statement.entries[1]!.description).toBe('Bank transfer BANK-REF-7');
    expect(statement.closingBalance).toBe(300);
    expect(statement.due).toBe(300);
    expect(statement.openInvoices.map((open) => open.number)).toEqual([invoice.number]);
    expect(statement.terms).toMatchObject({ netDays: 30 });

    // A period after it: the movements are the opening balance.
    const later = await getStatement(actorOf(payer), { from: dayFromNow(1), to: dayFromNow(2) });
    expect(later.kind === 'statement' && later.statement.openingBalance).toBe(300);
    expect(later.kind === 'statement' && later.statement.entries).toEqual([]);

    const text = await statementPdfText(payer);
    for (const expected of [
      'Account statement',
      'Terry Terms',
      `Invoice ${invoice.number}`,
      'Bank transfer BANK-REF-7',
      'Closing balance: $300.00',
    ]) {
      expect(text).toContain(expected);
    }
    // An admin may read any account's statement.
    const byAdmin = await getStatement(actorOf(admin), { user: payer.id });
    expect(byAdmin.kind === 'statement' && byAdmin.statement.closingBalance).toBe(300);
    expect((await statementPdf(admin, `?user=${payer.id}`)).status).toBe(200);

    // Another customer's statement does not exist for them: 404, on the page's service and the PDF alike.
    await expect(getStatement(actorOf(stranger), { user: payer.id })).rejects.toMatchObject({
      status: 404,
    });
    expect((await statementPdf(stranger, `?user=${payer.id}`)).status).toBe(404);
  });

  it('has no statement for a buyer never on terms: the page says where their invoices are, the PDF is a 404', async () => {
    const carder = await makeUser('customer');
    expect((await getStatement(actorOf(carder), {})).kind).toBe('not_on_terms');
    const pdf = await statementPdf(carder);
    expect(pdf.status).toBe(404);
    expect(pdf.body.error.message).toMatch(/not on terms/);
  });

  it('answers 401 signed out and 400 for a bad period, before any statement is drawn', async () => {
    expect((await statementPdf(null)).status).toBe(401);
    const bad = await statementPdf(buyer, '?from=2026-05-01&to=2026-04-01');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('to must not be before from');
    expect((await statementPdf(buyer, '?from=yesterday')).status).toBe(400);
  });
});
