import { beforeAll, describe, expect, it } from 'vitest';
import * as invoicePaymentsRoute from '@/app/api/invoices/[number]/payments/route';
import * as termsRoute from '@/app/api/user/terms/[id]/route';
import { refundOwedOnCancel } from '@/lib/orders/cancellation';
import { actorOf, call, makeTool, makeUser, type TestUser } from './helpers';
import { checkout, invoiceOfCheckout, setLine } from './invoice-steps';

let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  buyer = await makeUser('customer', 'Part Payer');
  await call(termsRoute.PUT, {
    method: 'PUT',
    params: { id: buyer.id },
    body: { netDays: 30, creditLimit: 5000 },
    token: admin.token,
  });
});

describe("what an admin's Cancel says is owed back", () => {
  it('is what transfers paid of the invoice on terms, for the admin alone', async () => {
    const tool = await makeTool({ priceCents: 10_000, quantity: 100, minQuantity: 1 });
    await setLine(buyer, tool.id, 5);
    const placed = await checkout(buyer, { paymentMethod: 'invoice' });
    const [orderId] = placed.body.orderIds;
    expect(await refundOwedOnCancel(actorOf(admin), orderId!)).toBe(0);
    const invoice = await invoiceOfCheckout(placed.body.checkoutId);
    const transfer = await call(invoicePaymentsRoute.POST, {
      method: 'POST',
      params: { number: invoice.number },
      body: { amount: 200, date: new Date().toISOString().slice(0, 10), reference: 'SEPA-9' },
      token: admin.token,
    });
    expect(transfer.status).toBe(201);
    expect(await refundOwedOnCancel(actorOf(admin), orderId!)).toBe(20_000);
    await expect(refundOwedOnCancel(actorOf(buyer), orderId!)).rejects.toMatchObject({
      status: 403,
    });
  });
});
