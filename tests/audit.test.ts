import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as auditRoute from '@/app/api/audit/route';
import * as resendRoute from '@/app/api/mail/[id]/resend/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as userAdminRoute from '@/app/api/user/admin/[email]/route';
import * as userDisabledRoute from '@/app/api/user/disabled/[id]/route';
import * as userRoute from '@/app/api/user/[key]/route';
import type { AuditItem } from '@/lib/audit/log';
import { authorize } from '@/lib/auth/credentials';
import { hashPassword } from '@/lib/auth/passwords';
import { getDb } from '@/lib/db/client';
import { auditLog, mailOutbox, users, verificationTokens } from '@/lib/db/schema';
import { hashOfToken, newToken } from '@/lib/auth/one-time-tokens';
import { enqueueMail } from '@/lib/mail/outbox';
import { browser, signInWith } from './auth-flow';
import { call, insertOrderLine, makeTool, makeUser, type TestUser } from './helpers';

let admin: TestUser;
const IP = '203.0.113.77';

beforeAll(async () => {
  admin = await makeUser('admin');
});

const entriesFor = (target: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(sql`${auditLog.target} LIKE ${`%${target}%`}`);

const asAdmin = (handler: unknown, options: Parameters<typeof call>[1]) =>
  call(handler, { token: admin.token, headers: { 'x-forwarded-for': IP }, ...options });

async function paidOrder() {
  const tool = await makeTool();
  return insertOrderLine({
    toolId: tool.id,
    productName: tool.name,
    sku: tool.sku,
    unitPriceCents: 100,
    quantity: 10,
    totalCents: 1000,
    email: 'buyer@test.dev',
    userName: 'Buyer',
    address: '1 Road',
    phone: '123',
    paid: true,
  });
}

async function failedMail(recipient: string) {
  const id = await enqueueMail(getDb(), 'password_reset', recipient, {
    name: 'X',
    link: 'https://x.test/r',
  });
  await getDb().update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, id));
  return id;
}

const product = {
  name: 'Audit Saw',
  about: 'Cuts wood',
  price: 19.99,
  quantity: 40,
  min_quantity: 5,
  image: '/images/tools/circular-saw.svg',
};

interface Case {
  action: string;
  /** does the action; answers the text its entry's target contains */
  act: () => Promise<string>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const CASES: Case[] = [
  {
    action: 'product.create',
    act: async () => {
      const name = `Audit Saw ${Math.random()}`;
      await asAdmin(toolsRoute.POST, { method: 'POST', body: { ...product, name } });
      return name;
    },
    after: expect.objectContaining({ price: 19.99, quantity: 40, min_quantity: 5 }),
  },
  {
    action: 'product.edit',
    act: async () => {
      const tool = await makeTool({ priceCents: 1999, quantity: 40, minQuantity: 5 });
      await asAdmin(toolRoute.PUT, {
        method: 'PUT',
        params: { id: tool.id },
        body: { ...product, name: tool.name, about: tool.about, image: tool.image, price: 24.5 },
      });
      return tool.sku;
    },
    before: { price: 19.99 },
    after: { price: 24.5 },
  },
  {
    action: 'product.restock',
    act: async () => {
      const tool = await makeTool({ quantity: 3 });
      await asAdmin(toolRoute.PUT, {
        method: 'PUT',
        params: { id: tool.id },
        body: { newQuantity: 90 },
      });
      return tool.sku;
    },
    before: { quantity: 3 },
    after: { quantity: 90 },
  },
  {
    action: 'product.remove',
    act: async () => {
      const tool = await makeTool();
      await asAdmin(toolRoute.DELETE, { method: 'DELETE', params: { id: tool.id } });
      return tool.sku;
    },
    before: expect.objectContaining({ price: 12.5 }),
    after: { kept: 'deleted' },
  },
  {
    action: 'user.make_admin',
    act: async () => {
      const user = await makeUser();
      await asAdmin(userAdminRoute.PUT, { method: 'PUT', params: { email: user.email } });
      return user.email;
    },
    before: { role: 'customer' },
    after: { role: 'admin' },
  },
  ...([true, false] as const).map((disabled) => ({
    action: disabled ? 'user.disable' : 'user.enable',
    act: async () => {
      const user = await makeUser();
      if (!disabled)
        await getDb().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
      await asAdmin(userDisabledRoute.PUT, {
        method: 'PUT',
        params: { id: user.id },
        body: { disabled },
      });
      return user.email;
    },
    before: { disabled: !disabled },
    after: { disabled },
  })),
  {
    action: 'user.remove',
    act: async () => {
      const user = await makeUser();
      await asAdmin(userRoute.DELETE, { method: 'DELETE', params: { key: user.id } });
      return user.email;
    },
    before: expect.objectContaining({ email: expect.any(String), role: 'customer' }),
    after: null,
  },
  {
    action: 'order.ship',
    act: async () => {
      const order = await paidOrder();
      await asAdmin(shippedRoute.PUT, { method: 'PUT', params: { id: order.id } });
      return `order #${order.number}`;
    },
    before: { shipped: false },
    after: { shipped: true },
  },
  {
    action: 'mail.resend',
    act: async () => {
      const recipient = `bounced-${Math.random()}@test.dev`;
      await asAdmin(resendRoute.POST, {
        method: 'POST',
        params: { id: await failedMail(recipient) },
      });
      return recipient;
    },
    before: { status: 'failed' },
    after: { status: 'pending' },
  },
];

describe('the audit log', () => {
  it.each(CASES)('records $action with who, what, before, after and the address', async (row) => {
    const target = await row.act();
    const [entry, ...more] = await entriesFor(target);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: row.action,
      ip: IP,
      before: row.before ?? null,
      after: row.after ?? null,
    });
  });

  it('records nothing for a refused or rolled-back action', async () => {
    const customer = await makeUser();
    const tool = await makeTool({
      priceCents: 1000,
      priceBreaks: [{ minQuantity: 20, priceCents: 900 }],
    });
    const refused = [
      // not an admin
      await call(toolRoute.PUT, {
        method: 'PUT',
        token: customer.token,
        params: { id: tool.id },
        body: { newQuantity: 1 },
      }),
      // the edit's own check fails inside its transaction (the kept break is no longer below the price)
      await asAdmin(toolRoute.PUT, {
        method: 'PUT',
        params: { id: tool.id },
        body: { ...product, name: tool.name, price: 8 },
      }),
      // disabling oneself
      await asAdmin(userDisabledRoute.PUT, {
        method: 'PUT',
        params: { id: admin.id },
        body: { disabled: true },
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 400, 409]);
    expect(await entriesFor(tool.sku)).toEqual([]);
    expect(await entriesFor(admin.email)).toEqual([]);
  });

  it('records admin sign-ins and failed admin sign-ins, not customers’', async () => {
    const passwordHash = await hashPassword('right-password-1');
    const [boss] = await getDb()
      .insert(users)
      .values({ email: `boss-${Math.random()}@test.dev`, role: 'admin', passwordHash })
      .returning();
    const [buyer] = await getDb()
      .insert(users)
      .values({ email: `buyer-${Math.random()}@test.dev`, passwordHash })
      .returning();
    const from = (ip: string) =>
      new Request('http://localhost/', { headers: { 'x-forwarded-for': ip } });
    for (const user of [boss!, buyer!]) {
      await authorize({ email: user.email, password: 'wrong-password-1' }, from('198.51.100.1'));
      await authorize({ email: user.email, password: 'right-password-1' }, from('198.51.100.2'));
    }
    const entries = await entriesFor(boss!.email);
    expect(
      entries
        .map(({ action, ip }) => ({ action, ip }))
        .sort((a, b) => a.action.localeCompare(b.action)),
    ).toEqual([
      { action: 'admin.sign_in', ip: '198.51.100.2' },
      { action: 'admin.sign_in_failed', ip: '198.51.100.1' },
    ]);
    expect(await entriesFor(buyer!.email)).toEqual([]);
  });

  it('records an admin’s sign-in by mailed link with its method and address, not a customer’s', async () => {
    const boss = await makeUser('admin');
    const buyer = await makeUser();
    for (const user of [boss, buyer]) {
      const token = newToken();
      await getDb()
        .insert(verificationTokens)
        .values({
          identifier: user.email,
          token: hashOfToken(token),
          expires: new Date(Date.now() + 60_000),
        });
      const result = await signInWith(browser(), 'email-link', { token }, '198.51.100.9');
      expect(result.signedIn).toBe(true);
    }
    const entries = await entriesFor(boss.email);
    expect(entries.map(({ action, ip, after }) => ({ action, ip, after }))).toEqual([
      { action: 'admin.sign_in', ip: '198.51.100.9', after: { method: 'email-link' } },
    ]);
    expect(await entriesFor(buyer.email)).toEqual([]);
  });

  it('lists newest first with filters, pages and X-Total-Count, for admins only', async () => {
    const tool = await makeTool({ quantity: 1 });
    for (const quantity of [2, 3, 4])
      await asAdmin(toolRoute.PUT, {
        method: 'PUT',
        params: { id: tool.id },
        body: { newQuantity: quantity },
      });
    const today = new Date().toISOString().slice(0, 10);
    const listed = await call<{ items: AuditItem[] }>(auditRoute.GET, {
      token: admin.token,
      path: `/api/audit?action=product.restock&actor=${admin.email}&from=${today}&to=${today}`,
    });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe(String(listed.body.items.length));
    const mine = listed.body.items.filter((item) => item.target.includes(tool.sku));
    expect(mine.map((item) => item.after)).toEqual([
      { quantity: 4 },
      { quantity: 3 },
      { quantity: 2 },
    ]);
    expect(mine[0]).toEqual({
      at: expect.any(String),
      actorEmail: admin.email,
      action: 'product.restock',
      target: `${tool.sku} ${tool.name}`,
      before: { quantity: 3 },
      after: { quantity: 4 },
      ip: IP,
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await call(auditRoute.GET, {
      token: admin.token,
      path: `/api/audit?to=${yesterday}&actor=${admin.email}`,
    });
    expect(none.headers.get('x-total-count')).toBe('0');
    const bad = await call(auditRoute.GET, {
      token: admin.token,
      path: '/api/audit?action=drop.table',
    });
    expect(bad.status).toBe(400);
  });

  it('can not be altered: every other method is 405, and the table refuses UPDATE and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await call(auditRoute[method], { method, token: admin.token, body: {} });
      expect(answer.status).toBe(405);
    }
    await expect(getDb().update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(getDb().delete(auditLog)).rejects.toThrow();
  });
});
