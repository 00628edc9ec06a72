// The ledger of an order's money: every card, transfer, credit note and refund owed is a row; what is due is derived.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oneCheckout from '@/app/api/checkout/[id]/route';
import * as intentRoute from '@/app/api/create-payment-intent/route';
import * as paymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as confirmRoute from '@/app/api/payments/test/confirm/route';
import * as acceptRoute from '@/app/api/quotes/[id]/accept/route';
import * as oneQuote from '@/app/api/quotes/[id]/route';
import * as quotesRoute from '@/app/api/quotes/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import { getDb } from '@/lib/db/client';
import { payments, throttleHits, users } from '@/lib/db/schema';
import { memberCompany } from './companies-fixtures';
import type { CheckoutDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';
import { checkout, invoiceOfCheckout, payCheckout, setLine } from './invoice-steps';
import { cancelOrder, TEST_CARD } from './order-steps';

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser('admin');
});

const today = () => new Date().toISOString().slice(0, 10);
const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const grantTerms = (user: TestUser, creditLimit: number) =>
  call<ErrorBody>(termsRoute.PUT, {
    method: 'PUT',
    params: { id: user.id },
    body: { netDays: 30, creditLimit },
    token: admin.token,
  });
const transfer = (number: string, amount: number, reference = 'SEPA-1') =>
  call<ErrorBody & { status: string; due: number }>(paymentsRoute.POST, {
    method: 'POST',
    params: { number },
    body: { amount, date: today(), reference },
    token: admin.token,
  });
const intentFor = (user: TestUser, checkoutId: string) =>
  call<ErrorBody & { clientSecret: string; amount: number }>(intentRoute.POST, {
    method: 'POST',
    body: { checkoutId },
    token: user.token,
  });
const confirmCard = async (user: TestUser, clientSecret: string) =>
  (
    await call<{ id: string }>(confirmRoute.POST, {
      method: 'POST',
      body: { clientSecret, ...TEST_CARD },
      token: user.token,
    })
  ).body.id;
const recordCard = (user: TestUser, checkoutId: string, transactionId: string) =>
  call<ErrorBody>(oneCheckout.PATCH, {
    method: 'PATCH',
    params: { id: checkoutId },
    body: { transactionId },
    token: user.token,
  });
const readCheckout = async (user: TestUser, id: string) =>
  (await call<CheckoutDto>(oneCheckout.GET, { params: { id }, token: user.token })).body;
const ledgerRows = (checkoutId: string) =>
  getDb()
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(payments.createdAt);

/** A $500 checkout on net terms (one line: 50 pieces at $10) and its invoice's number. */
async function onTerms(): Promise<{ buyer: TestUser; checkoutId: string; number: string }> {
  const buyer = await makeUser('customer');
  expect((await grantTerms(buyer, 10_000)).status).toBe(200);
  const tool = await makeTool({ priceCents: 1000, quantity: 10_000, minQuantity: 1 });
  expect((await setLine(buyer, tool.id, 50)).status).toBe(200);
  const placed = await checkout(buyer, { paymentMethod: 'invoice' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const { checkoutId } = placed.body;
  return { buyer, checkoutId, number: (await invoiceOfCheckout(checkoutId)).number };
}

describe('the ledger', () => {
  it('makes a card intent for what is due, and none once nothing is', async () => {
    const { buyer, checkoutId, number } = await onTerms();
    expect((await transfer(number, 200)).body).toMatchObject({ status: 'open', due: 300 });
    const intent = await intentFor(buyer, checkoutId);
    expect(intent.body.amount).toBe(30_000);
    expect((await transfer(number, 300)).body).toMatchObject({ status: 'paid', due: 0 });
    const refused = await intentFor(buyer, checkoutId);
    expect(refused.status).toBe(409);
    const read = await readCheckout(buyer, checkoutId);
    expect(read).toMatchObject({ amountDue: 0, refundOwed: 0, paid: true });
    expect(read.payments.map((row) => [row.kind, row.amount, row.reference])).toEqual([
      ['transfer', 200, 'SEPA-1'],
      ['transfer', 300, 'SEPA-1'],
    ]);
  });

  it('records a card that succeeds after a transfer, and owes the excess back', async () => {
    const { buyer, checkoutId, number } = await onTerms();
    const intent = await intentFor(buyer, checkoutId);
    expect(intent.body.amount).toBe(50_000);
    const charged = await confirmCard(buyer, intent.body.clientSecret);
    // The transfer lands while the card is on its way.
    expect((await transfer(number, 200)).body).toMatchObject({ status: 'open', due: 300 });
    expect((await recordCard(buyer, checkoutId, charged)).status).toBe(200);
    const read = await readCheckout(admin, checkoutId);
    expect(read).toMatchObject({ paid: true, amountDue: 0, refundOwed: 200 });
    expect(read.payments.map((row) => [row.kind, row.amount])).toEqual([
      ['transfer', 200],
      ['card', 500],
      ['refund_owed', 200],
    ]);
    expect((await invoiceOfCheckout(checkoutId)).status).toBe('paid');
  });

  it('records a card that succeeds after transfers settled the order in full, all of it owed back', async () => {
    const { buyer, checkoutId, number } = await onTerms();
    const intent = await intentFor(buyer, checkoutId);
    const charged = await confirmCard(buyer, intent.body.clientSecret);
    expect((await transfer(number, 500)).body).toMatchObject({ status: 'paid' });
    expect((await recordCard(buyer, checkoutId, charged)).status).toBe(409);
    const read = await readCheckout(admin, checkoutId);
    expect(read).toMatchObject({ amountDue: 0, refundOwed: 500 });
    expect(read.payments.map((row) => row.kind)).toEqual(['transfer', 'card', 'refund_owed']);
  });

  it('refuses a transfer after the card paid it, and one above the amount due', async () => {
    const { buyer, checkoutId, number } = await onTerms();
    expect((await transfer(number, 100)).status).toBe(201);
    const tooMuch = await transfer(number, 400.01);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toContain('more than is due');
    await payCheckout(buyer, checkoutId);
    expect((await transfer(number, 1)).status).toBe(409);
    const rows = await ledgerRows(checkoutId);
    expect(rows.map((row) => [row.kind, row.amountCents])).toEqual([
      ['transfer', 10_000],
      ['card', 40_000],
    ]);
  });

  it('takes 10 concurrent transfers only up to the amount due', async () => {
    const { checkoutId, number } = await onTerms();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => transfer(number, 100, `SEPA-${index}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(5);
    const rows = await ledgerRows(checkoutId);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(50_000);
    expect((await invoiceOfCheckout(checkoutId)).paidCents).toBe(50_000);
    expect((await readCheckout(admin, checkoutId)).amountDue).toBe(0);
  });

  it('owes back what a part-paid order received when it is cancelled, beside its credit note', async () => {
    const { buyer, checkoutId, number } = await onTerms();
    expect((await transfer(number, 150)).status).toBe(201);
    const [line] = (await readCheckout(buyer, checkoutId)).orders;
    expect((await cancelOrder(admin, line!._id)).status).toBe(200);
    const rows = await ledgerRows(checkoutId);
    expect(rows.map((row) => [row.kind, row.amountCents])).toEqual([
      ['transfer', 15_000],
      ['credit_note', 50_000],
      ['refund_owed', 15_000],
    ]);
    expect(rows[1]!.reference).toMatch(/^CN-/);
  });
});

describe('64-bit money', () => {
  it('grants a $50,000,000 credit limit and places $40,000,000 on it', async () => {
    const buyer = await makeUser('customer');
    expect((await grantTerms(buyer, 50_000_000)).status).toBe(200);
    expect((await memberCompany(buyer.id))!.creditLimitCents).toBe(5_000_000_000);
    const tool = await makeTool({ priceCents: 100_000, quantity: 100_000, minQuantity: 1 });
    expect((await setLine(buyer, tool.id, 40_000)).status).toBe(200);
    const placed = await checkout(buyer, { paymentMethod: 'invoice' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const read = await readCheckout(buyer, placed.body.checkoutId);
    expect(read).toMatchObject({ total: 40_000_000, amountDue: 40_000_000 });
    const { number } = await invoiceOfCheckout(placed.body.checkoutId);
    expect((await transfer(number, 39_999_999.99)).body).toMatchObject({ due: 0.01 });
  });

  it('prices, accepts and charges a quote of 10,000,000 pieces at $1,000', async () => {
    await getDb().delete(throttleHits);
    const buyer = await makeUser('customer');
    await getDb()
      .update(users)
      .set({ address: '1 Big Street', phone: '+1 555 0199' })
      .where(sql`id = ${buyer.id}`);
    const tool = await makeTool({ priceCents: 120_000, quantity: 10, minQuantity: 1 });
    const asked = await call<{ quoteId: string }>(quotesRoute.POST, {
      method: 'POST',
      body: { lines: [{ toolId: tool.id, quantity: 10_000_000 }] },
      token: buyer.token,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.quoteId;
    const priced = await call(oneQuote.PUT, {
      method: 'PUT',
      params: { id },
      body: {
        lines: [{ toolId: tool.id, unitPrice: 1000 }],
        leadTimeDays: 60,
        validUntil: IN_A_WEEK,
      },
      token: admin.token,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const accepted = await call<{ checkoutId: string }>(acceptRoute.POST, {
      method: 'POST',
      params: { id },
      body: {},
      token: buyer.token,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const { checkoutId } = accepted.body;
    expect(await readCheckout(buyer, checkoutId)).toMatchObject({
      total: 10_000_000_000,
      amountDue: 10_000_000_000,
    });
    expect((await intentFor(buyer, checkoutId)).body.amount).toBe(1_000_000_000_000);
    await payCheckout(buyer, checkoutId);
    const read = await readCheckout(buyer, checkoutId);
    expect(read).toMatchObject({ paid: true, amountDue: 0 });
    expect(read.payments).toEqual([
      expect.objectContaining({ kind: 'card', amount: 10_000_000_000 }),
    ]);
    expect((await invoiceOfCheckout(checkoutId)).totalCents).toBe(1_000_000_000_000);
  });
});
