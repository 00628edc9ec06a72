import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import { getDb } from '@/lib/db/client';
import { auditLog, tools } from '@/lib/db/schema';
import type { ToolDto } from '@/lib/types';
import { productSchema } from '@/lib/validation/tools';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
});

const product = {
  name: 'Hex key set',
  about: 'Nine keys, 1.5 to 10 mm',
  price: 14.5,
  quantity: 300,
  min_quantity: 10,
  image: '/images/tools/claw-hammer.svg',
};

const read = async (id: string) => (await call<ToolDto>(toolRoute.GET, { params: { id } })).body;

const put = (id: string, body: unknown) =>
  call<ErrorBody>(toolRoute.PUT, { method: 'PUT', params: { id }, body, token: admin.token });

describe('unit of measure and UNSPSC of a product', () => {
  it('sells a new product by the piece (C62) with no UNSPSC unless the admin says otherwise', async () => {
    const plain = await call<{ insertedId: string }>(toolsRoute.POST, {
      method: 'POST',
      body: product,
      token: admin.token,
    });
    expect(await read(plain.body.insertedId)).toMatchObject({ unitOfMeasure: 'C62', unspsc: null });

    const set = await call<{ insertedId: string }>(toolsRoute.POST, {
      method: 'POST',
      body: { ...product, name: 'Hex key set, boxed', unitOfMeasure: 'SET', unspsc: ' 27111602 ' },
      token: admin.token,
    });
    expect(set.status).toBe(201);
    expect(await read(set.body.insertedId)).toMatchObject({
      unitOfMeasure: 'SET',
      unspsc: '27111602',
    });
  });

  it('edits both, keeps them when an edit leaves them out, clears the UNSPSC when sent blank', async () => {
    const tool = await makeTool();
    expect(
      (await put(tool.id, { ...product, unitOfMeasure: 'PR', unspsc: '46181504' })).status,
    ).toBe(200);
    expect(await read(tool.id)).toMatchObject({ unitOfMeasure: 'PR', unspsc: '46181504' });

    expect((await put(tool.id, { ...product, price: 15 })).status).toBe(200);
    expect(await read(tool.id)).toMatchObject({
      unitOfMeasure: 'PR',
      unspsc: '46181504',
      price: 15,
    });

    expect((await put(tool.id, { ...product, unspsc: '' })).status).toBe(200);
    expect(await read(tool.id)).toMatchObject({ unitOfMeasure: 'PR', unspsc: null });
  });

  it('refuses an unknown unit code and a UNSPSC that is not 8 digits, naming the fields, writing nothing', async () => {
    const tool = await makeTool({ unitOfMeasure: 'EA', unspsc: '27111602' });
    const { status, body } = await put(tool.id, {
      ...product,
      unitOfMeasure: 'C26',
      unspsc: '2711160',
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      unitOfMeasure: expect.stringContaining('UN/ECE Rec 20'),
      unspsc: 'UNSPSC must be 8 digits',
    });
    expect(await read(tool.id)).toMatchObject({
      unitOfMeasure: 'EA',
      unspsc: '27111602',
      name: tool.name,
    });
    for (const unspsc of ['2711160A', '271116020', 27111602])
      expect(productSchema.safeParse({ ...product, unspsc }).success).toBe(false);
  });

  it('audits the change of either with its before and after', async () => {
    const tool = await makeTool({ ...product, name: 'Audited hex keys', priceCents: 1450 });
    expect(
      (await put(tool.id, { ...product, name: tool.name, unitOfMeasure: 'KT', unspsc: '27111602' }))
        .status,
    ).toBe(200);
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'product.edit'), eq(auditLog.target, `${tool.sku} ${tool.name}`)),
      )
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.before).toEqual({ unitOfMeasure: 'C62', unspsc: null });
    expect(entry?.after).toEqual({ unitOfMeasure: 'KT', unspsc: '27111602' });
  });

  it('holds the formats in the database too', async () => {
    const tool = await makeTool();
    await expect(
      getDb().update(tools).set({ unspsc: '123' }).where(eq(tools.id, tool.id)),
    ).rejects.toThrow();
    await expect(
      getDb().update(tools).set({ unitOfMeasure: 'piece' }).where(eq(tools.id, tool.id)),
    ).rejects.toThrow();
  });
});
