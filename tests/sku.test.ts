import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import * as ownOrders from '@/app/api/order/[key]/route';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import { placeOrder } from '@/lib/orders/placement';
import type { OrderDto, ToolDto } from '@/lib/types';
import { actorOf, call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
});

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Torque wrench 3/8"',
  about: 'Click-type, calibrated to 2 percent',
  price: 54.25,
  quantity: 400,
  min_quantity: 10,
  image: '/images/tools/adjustable-wrench.svg',
  ...overrides,
});

const create = (body: unknown) =>
  call<ErrorBody & { insertedId: string }>(toolsRoute.POST, {
    method: 'POST',
    body,
    token: admin.token,
  });
const edit = (id: string, body: unknown) =>
  call<ErrorBody>(toolRoute.PUT, { method: 'PUT', params: { id }, body, token: admin.token });
const read = async (id: string) => (await call<ToolDto>(toolRoute.GET, { params: { id } })).body;
const toolCount = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(tools)
  )[0]!.n;

describe('SKU on POST /api/tools', () => {
  it('is assigned from the name when the product comes without one, unique each time', async () => {
    const first = await create(product());
    const second = await create(product());
    expect([first.status, second.status]).toEqual([201, 201]);
    const skus = [
      (await read(first.body.insertedId)).sku,
      (await read(second.body.insertedId)).sku,
    ];
    for (const sku of skus) expect(sku).toMatch(/^TORQUE-\d+$/);
    expect(skus[0]).not.toBe(skus[1]);
  });

  it('is stored upper-case and trimmed, and answered by the list and the tool', async () => {
    const { status, body } = await create(product({ sku: ' wr-2001 ' }));
    expect(status).toBe(201);
    expect((await read(body.insertedId)).sku).toBe('WR-2001');
    const list = await call<ToolDto[]>(toolsRoute.GET);
    expect(list.body.find((tool) => tool._id === body.insertedId)?.sku).toBe('WR-2001');
  });

  it.each([
    ['AB', 'SKU must be 3 to 32 characters'],
    ['A'.repeat(33), 'SKU must be 3 to 32 characters'],
    ['WR 2002', 'SKU may only hold letters A–Z, digits 0–9 and -'],
    ['WR_2002', 'SKU may only hold letters A–Z, digits 0–9 and -'],
    ['WRÜ-2002', 'SKU may only hold letters A–Z, digits 0–9 and -'],
    [2002, 'SKU must be text'],
  ])('refuses %j with “%s” and writes nothing', async (sku, message) => {
    const before = await toolCount();
    const { status, body } = await create(product({ sku }));
    expect(status).toBe(400);
    expect(body.error.fields?.sku).toBe(message);
    expect(await toolCount()).toBe(before);
  });

  it('refuses a SKU another tool holds, in any case, with 409 on the field', async () => {
    await makeTool({ sku: 'DUP-3001' });
    const before = await toolCount();
    const { status, body } = await create(product({ sku: 'dup-3001' }));
    expect(status).toBe(409);
    expect(body.error.fields?.sku).toBe('This SKU is already used by another tool');
    expect(await toolCount()).toBe(before);
  });

  it('lets one of two concurrent creates with one SKU win', async () => {
    const answers = await Promise.all([
      create(product({ sku: 'RACE-4001' })),
      create(product({ sku: 'RACE-4001' })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const rows = await getDb().select().from(tools).where(eq(tools.sku, 'RACE-4001'));
    expect(rows).toHaveLength(1);
  });

  it('may give a removed tool’s SKU to a new one', async () => {
    const removed = await makeTool({ sku: 'OLD-5001', deletedAt: new Date() });
    const { status, body } = await create(product({ sku: 'OLD-5001' }));
    expect(status).toBe(201);
    expect(body.insertedId).not.toBe(removed.id);
  });
});

describe('SKU on PUT /api/tools/{id}', () => {
  it('changes it, keeps it when left out, and refuses a taken one', async () => {
    const tool = await makeTool({ sku: 'EDIT-6001' });
    await makeTool({ sku: 'EDIT-6002' });
    expect((await edit(tool.id, product({ sku: 'edit-6003' }))).status).toBe(200);
    expect((await read(tool.id)).sku).toBe('EDIT-6003');
    expect((await edit(tool.id, product())).status).toBe(200);
    expect((await read(tool.id)).sku).toBe('EDIT-6003');
    const taken = await edit(tool.id, product({ sku: 'EDIT-6002' }));
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.sku).toBe('This SKU is already used by another tool');
    expect((await read(tool.id)).sku).toBe('EDIT-6003');
  });

  it('leaves orders with the SKU they were placed under', async () => {
    const customer = await makeUser();
    const tool = await makeTool({ sku: 'KEEP-7001', quantity: 100, minQuantity: 1 });
    await placeOrder(actorOf(customer), { toolId: tool.id, quantity: 2, address: 'A', phone: '1' });
    expect((await edit(tool.id, product({ sku: 'KEEP-7002' }))).status).toBe(200);
    const mine = await call<OrderDto[]>(ownOrders.GET, {
      params: { key: customer.email },
      token: customer.token,
    });
    expect(mine.body.map((order) => order.sku)).toEqual(['KEEP-7001']);
  });
});
