import { beforeAll, describe, expect, it } from 'vitest';
import * as toolRoute from '@/app/api/tools/[id]/route';
import { placeOrder } from '@/lib/orders/placement';
import { getOrder } from '@/lib/orders/queries';
import type { ToolDto } from '@/lib/types';
import { actorOf, call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
});

const edited = {
  name: 'Torque wrench, 2nd edition',
  about: 'Now calibrated to 1 percent',
  price: 99.5,
  quantity: 250,
  min_quantity: 5,
  image: '/images/tools/claw-hammer.svg',
};

const put = (id: string, body: unknown, token?: string) =>
  call<ErrorBody & { modifiedCount: number }>(toolRoute.PUT, {
    method: 'PUT',
    params: { id },
    body,
    token,
  });

describe('PUT /api/tools/{id} with product fields (edit a product)', () => {
  it('lets an admin change every field; the tool answers the new values', async () => {
    const tool = await makeTool();
    const { status, body } = await put(tool.id, edited, admin.token);
    expect(status).toBe(200);
    expect(body.modifiedCount).toBe(1);
    const read = await call<ToolDto>(toolRoute.GET, { params: { id: tool.id } });
    expect(read.body).toEqual({
      ...{ _id: tool.id, sku: tool.sku, priceBreaks: [], unitOfMeasure: 'C62', unspsc: null },
      ...edited,
    });
  });

  it('keeps the name and unit price an order was placed at', async () => {
    const tool = await makeTool({
      name: 'Old name',
      priceCents: 1000,
      quantity: 100,
      minQuantity: 1,
    });
    const { insertedId } = await placeOrder(actorOf(customer), {
      toolId: tool.id,
      quantity: 2,
      address: '1 Test Road',
      phone: '+1 555 0100',
    });
    expect((await put(tool.id, edited, admin.token)).status).toBe(200);
    const order = await getOrder(actorOf(customer), insertedId);
    expect(order).toMatchObject({ name: 'Old name', price: 10, total: 20 });
  });

  it('applies the add form rules, with their messages, and writes nothing', async () => {
    const tool = await makeTool({ name: 'Unchanged' });
    const { status, body } = await put(
      tool.id,
      { ...edited, price: undefined, min_quantity: 500, name: ' ' },
      admin.token,
    );
    expect(status).toBe(400);
    expect(body.error.fields).toMatchObject({
      price: 'Price is Required',
      name: 'Name is Required',
    });
    const read = await call<ToolDto>(toolRoute.GET, { params: { id: tool.id } });
    expect(read.body.name).toBe('Unchanged');
  });

  it('refuses customers (403) and visitors (401), and answers 404 for unknown tools', async () => {
    const tool = await makeTool();
    expect((await put(tool.id, edited, customer.token)).status).toBe(403);
    expect((await put(tool.id, edited)).status).toBe(401);
    expect((await put('00000000-0000-4000-8000-000000000000', edited, admin.token)).status).toBe(
      404,
    );
  });

  it('keeps the original meaning of newQuantity: a restock, whatever else the body carries', async () => {
    const tool = await makeTool({ quantity: 3, minQuantity: 1 });
    expect((await put(tool.id, { newQuantity: 70 }, admin.token)).status).toBe(200);
    expect((await put(tool.id, { ...edited, newQuantity: 80 }, admin.token)).status).toBe(200);
    const read = await call<ToolDto>(toolRoute.GET, { params: { id: tool.id } });
    expect(read.body).toMatchObject({ quantity: 80, name: tool.name });
  });
});
