import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { mailOutbox, orders } from '@/lib/db/schema';
import { renderMail } from '@/lib/mail/render';
import { placeOrder } from '@/lib/orders/placement';
import { getShopOverview } from '@/lib/overview';
import { actorOf, makeTool, makeUser, type TestUser } from './helpers';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
});

const contact = { address: '1 Test Road', phone: '+1 555 0100' };

describe('the admin overview', () => {
  it('counts this month against last, what waits to ship and what runs low, from live data', async () => {
    const before = await getShopOverview(actorOf(admin));
    const tool = await makeTool({
      name: 'Overview drill',
      priceCents: 1000,
      quantity: 100,
      minQuantity: 10,
    });
    const first = await placeOrder(actorOf(customer), {
      toolId: tool.id,
      quantity: 20,
      ...contact,
    });
    await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 10, ...contact });
    await getDb()
      .update(orders)
      .set({ paid: true, transactionId: 'pi_overview' })
      .where(eq(orders.id, first.insertedId));
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const old = await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 10, ...contact });
    await getDb().update(orders).set({ createdAt: lastMonth }).where(eq(orders.id, old.insertedId));

    const after = await getShopOverview(actorOf(admin));
    expect(after.thisMonth.orders - before.thisMonth.orders).toBe(2);
    expect(after.thisMonth.revenue - before.thisMonth.revenue).toBe(200);
    expect(after.lastMonth.orders - before.lastMonth.orders).toBe(1);
    expect(after.toShip - before.toShip).toBe(1);
    // 60 pieces left of a 10-piece minimum: not low; 25 would be.
    expect(after.lowStock.map((low) => low.name)).not.toContain('Overview drill');
    await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 35, ...contact });
    expect((await getShopOverview(actorOf(admin))).lowStock).toContainEqual(
      expect.objectContaining({ name: 'Overview drill', quantity: 25, minQuantity: 10 }),
    );
  });

  it('is for admins only', async () => {
    await expect(getShopOverview(actorOf(customer))).rejects.toMatchObject({ status: 403 });
    await expect(getShopOverview(null)).rejects.toMatchObject({ status: 401 });
  });
});

describe('the low-stock mail', () => {
  it('goes to every admin, once, with the order that leaves a tool below its minimum order', async () => {
    const other = await makeUser('admin');
    const tool = await makeTool({ name: 'Low clamp', quantity: 25, minQuantity: 10 });
    const lowMails = () =>
      getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'low_stock'));
    const already = (await lowMails()).length;
    await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 10, ...contact });
    expect((await lowMails()).length).toBe(already);
    await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 10, ...contact });
    const mails = (await lowMails()).slice(already);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      expect.arrayContaining([admin.email, other.email].sort()),
    );
    expect(mails.every((mail) => mail.recipient !== customer.email)).toBe(true);
    const rendered = await renderMail('low_stock', mails[0]!.data);
    expect(rendered.subject).toBe('Toolhaus: Low clamp is below its minimum order');
    expect(rendered.text).toContain('5 pieces');
    expect(rendered.text).toContain(`/dashboard/manageproduct/${tool.id}`);
  });
});
