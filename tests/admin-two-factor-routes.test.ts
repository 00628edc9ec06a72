import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mailResendRoute from '@/app/api/mail/[id]/resend/route';
import * as orderByKey from '@/app/api/order/[key]/route';
import * as exportRoute from '@/app/api/order/export/route';
import * as ordersRoute from '@/app/api/order/route';
import * as shippedRoute from '@/app/api/order/shipped/[id]/route';
import * as oneOrder from '@/app/api/orders/[id]/route';
import * as toolByIdRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as adminByEmail from '@/app/api/user/admin/[email]/route';
import * as disabledRoute from '@/app/api/user/disabled/[id]/route';
import * as userByKey from '@/app/api/user/[key]/route';
import * as usersRoute from '@/app/api/user/route';
import { getDb } from '@/lib/db/client';
import { mailOutbox, orders, tools, users } from '@/lib/db/schema';
import { call, makeTool, makeUser, type TestUser } from './helpers';

// REQUIRE_ADMIN_2FA=true: an admin who has not turned two-factor on is an admin in name only. Every route where an
// admin can do more than a customer, read or write, is walked with such an admin against another person's data.

let admin: TestUser;
let alice: TestUser;
let orderId: string;
let toolId: string;
let mailId: string;

beforeAll(async () => {
  admin = await makeUser('admin');
  alice = await makeUser('customer', 'Alice Owner');
  const tool = await makeTool();
  toolId = tool.id;
  const placed = await call<{ insertedId: string }>(ordersRoute.POST, {
    method: 'POST',
    token: alice.token,
    body: { toolId, quantity: 10, address: '1 Main St', phone: '+1 555 0100' },
  });
  expect(placed.status).toBe(201);
  orderId = placed.body.insertedId;
  const [mail] = await getDb()
    .insert(mailOutbox)
    .values({ kind: 'password_changed', recipient: alice.email, data: {}, status: 'failed' })
    .returning({ id: mailOutbox.id });
  mailId = mail!.id;
  process.env.REQUIRE_ADMIN_2FA = 'true';
});

afterAll(() => {
  delete process.env.REQUIRE_ADMIN_2FA;
});

const product = {
  name: 'Admin-only drill',
  image: '/images/tools/claw-hammer.svg',
  about: 'A drill only an admin may add',
  price: 12.5,
  quantity: 100,
  minQuantity: 10,
};

const adminRoutes = () =>
  [
    ['GET /api/user', usersRoute.GET, {}],
    ['GET /api/user/{email}', userByKey.GET, { params: { key: alice.email } }],
    ['DELETE /api/user/{id}', userByKey.DELETE, { method: 'DELETE', params: { key: alice.id } }],
    [
      'PUT /api/user/admin/{email}',
      adminByEmail.PUT,
      { method: 'PUT', params: { email: alice.email } },
    ],
    [
      'PUT /api/user/disabled/{id}',
      disabledRoute.PUT,
      { method: 'PUT', params: { id: alice.id }, body: { disabled: true } },
    ],
    ['GET /api/order', ordersRoute.GET, {}],
    ['GET /api/order/{email}', orderByKey.GET, { params: { key: alice.email } }],
    ['DELETE /api/order/{id}', orderByKey.DELETE, { method: 'DELETE', params: { key: orderId } }],
    ['GET /api/order/export', exportRoute.GET, {}],
    ['PUT /api/order/shipped/{id}', shippedRoute.PUT, { method: 'PUT', params: { id: orderId } }],
    ['GET /api/orders/{id}', oneOrder.GET, { params: { id: orderId } }],
    ['POST /api/tools', toolsRoute.POST, { method: 'POST', body: product }],
    [
      'PUT /api/tools/{id}',
      toolByIdRoute.PUT,
      { method: 'PUT', params: { id: toolId }, body: product },
    ],
    ['DELETE /api/tools/{id}', toolByIdRoute.DELETE, { method: 'DELETE', params: { id: toolId } }],
    [
      'POST /api/mail/{id}/resend',
      mailResendRoute.POST,
      { method: 'POST', params: { id: mailId } },
    ],
  ] as const;

describe('REQUIRE_ADMIN_2FA on every admin-capable route', () => {
  it('refuses an admin without two-factor with 403 everywhere, and changes nothing', async () => {
    const answers: [string, number][] = [];
    for (const [name, handler, options] of adminRoutes()) {
      answers.push([name, (await call(handler, { ...options, token: admin.token })).status]);
    }
    expect(answers).toEqual(adminRoutes().map(([name]) => [name, 403]));
    const [aliceRow] = await getDb().select().from(users).where(eq(users.id, alice.id));
    expect(aliceRow).toMatchObject({ role: 'customer', disabledAt: null });
    const [order] = await getDb().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ shipped: false });
    const [tool] = await getDb().select().from(tools).where(eq(tools.id, toolId));
    expect(tool?.name).not.toBe(product.name);
    const [mail] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail?.status).toBe('failed');
  });

  it('still lets them read their own account and orders, like any customer', async () => {
    const own = await call(userByKey.GET, { params: { key: admin.email }, token: admin.token });
    const ownOrders = await call(orderByKey.GET, {
      params: { key: admin.email },
      token: admin.token,
    });
    expect([own.status, ownOrders.status]).toEqual([200, 200]);
  });
});
