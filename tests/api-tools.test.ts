import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as toolRoute from '@/app/api/tools/[id]/route';
import * as toolsRoute from '@/app/api/tools/route';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import { placeOrder } from '@/lib/orders/placement';
import { listToolPage, listTools } from '@/lib/tools/catalogue';
import type { ToolDto } from '@/lib/types';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  customer = await makeUser('customer');
});

const product = {
  name: 'Test Saw',
  about: 'Cuts wood',
  price: 19.99,
  quantity: 40,
  min_quantity: 5,
  image: '/images/tools/circular-saw.svg',
};

describe('GET /api/tools and /api/tools/{id}', () => {
  it('lists tools with the contract field names and dollar prices', async () => {
    const tool = await makeTool({
      priceCents: 1999,
      quantity: 7,
      minQuantity: 2,
      priceBreaks: [{ minQuantity: 5, priceCents: 1799 }],
    });
    const { status, body } = await call<ToolDto[]>(toolsRoute.GET);
    expect(status).toBe(200);
    expect(body.find((t) => t._id === tool.id)).toEqual({
      _id: tool.id,
      sku: tool.sku,
      name: tool.name,
      about: tool.about,
      price: 19.99,
      quantity: 7,
      min_quantity: 2,
      image: tool.image,
      priceBreaks: [{ minQuantity: 5, price: 17.99 }],
      unitOfMeasure: 'C62',
      unspsc: null,
    });
  });

  it('answers one tool, 404 for unknown and malformed ids', async () => {
    const tool = await makeTool();
    expect((await call<ToolDto>(toolRoute.GET, { params: { id: tool.id } })).body._id).toBe(
      tool.id,
    );
    expect((await call(toolRoute.GET, { params: { id: randomUUID() } })).status).toBe(404);
    const malformed = await call<ErrorBody>(toolRoute.GET, { params: { id: 'not-an-id' } });
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.code).toBe('not_found');
  });
});

describe('catalogue pages (home page and /tools)', () => {
  it('lists the newest tools first', async () => {
    const older = await makeTool();
    const newer = await makeTool();
    const { body } = await call<ToolDto[]>(toolsRoute.GET);
    const position = (id: string) => body.findIndex((tool) => tool._id === id);
    expect(position(newer.id)).toBe(0);
    expect(position(older.id)).toBe(1);
  });

  it('pages through the catalogue in its order, with the total, leaving removed tools out', async () => {
    await makeTool();
    await makeTool();
    const hidden = await makeTool();
    await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, hidden.id));
    const all = await listTools();
    expect(all.length).toBeGreaterThanOrEqual(3);

    const pageSize = 2;
    const paged: ToolDto[] = [];
    for (let offset = 0; offset < all.length; offset += pageSize) {
      const page = await listToolPage(offset, pageSize);
      expect(page.total).toBe(all.length);
      expect(page.tools.length).toBeLessThanOrEqual(pageSize);
      paged.push(...page.tools);
    }
    expect(paged).toEqual(all);
    expect(paged.some((tool) => tool._id === hidden.id)).toBe(false);
    expect((await listToolPage(all.length, pageSize)).tools).toEqual([]);
  });
});

describe('POST /api/tools', () => {
  it('lets an admin add a product, in cents', async () => {
    const { status, body } = await call<{ insertedId: string }>(toolsRoute.POST, {
      method: 'POST',
      body: product,
      token: admin.token,
    });
    expect(status).toBe(201);
    expect(body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const [row] = await getDb().select().from(tools).where(eq(tools.id, body.insertedId));
    expect(row).toMatchObject({ name: 'Test Saw', priceCents: 1999, quantity: 40, minQuantity: 5 });
  });

  it('answers 400 with the field message for bad input', async () => {
    const { status, body } = await call<ErrorBody>(toolsRoute.POST, {
      method: 'POST',
      body: { ...product, quantity: 'many' },
      token: admin.token,
    });
    expect(status).toBe(400);
    expect(body.error.fields?.quantity).toBe('Price is Required');
  });

  it('takes an image address or an uploaded photo, the photo first; neither is a 400 on the image field', async () => {
    const post = (body: Record<string, unknown>, token = admin.token) =>
      call<ErrorBody & { insertedId: string }>(toolsRoute.POST, { method: 'POST', body, token });
    const noImage: Record<string, unknown> = { ...product, image: undefined };
    const photo = `/api/uploads/${randomUUID()}`;

    const neither = await post({ ...noImage, image: '  ', photo: '' });
    expect(neither.status).toBe(400);
    expect(neither.body.error.fields).toEqual({ image: 'Image is Required' });
    // The image's refusal comes with the others', not after them.
    const alsoNoName = await post({ ...noImage, name: '' });
    expect(alsoNoName.body.error.fields).toMatchObject({
      name: 'Name is Required',
      image: 'Image is Required',
    });

    const notUploaded = await post({ ...noImage, photo: 'https://elsewhere.example/saw.png' });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.error.fields).toEqual({
      photo: 'Photo must be a photo uploaded to this shop',
    });

    const stored = async (body: Record<string, unknown>) => {
      const created = await post(body);
      expect(created.status).toBe(201);
      const [row] = await getDb().select().from(tools).where(eq(tools.id, created.body.insertedId));
      return row!.image;
    };
    expect(await stored({ ...noImage, photo })).toBe(photo);
    expect(await stored({ ...product, photo })).toBe(photo);
    expect(await stored(product)).toBe(product.image);

    // A customer is refused before the body counts.
    expect((await post({ ...noImage, photo }, customer.token)).status).toBe(403);
    const anonymous = await call(toolsRoute.POST, { method: 'POST', body: { ...noImage, photo } });
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 for malformed JSON and a wrong content type', async () => {
    expect(
      (await call(toolsRoute.POST, { method: 'POST', rawBody: '{"name":', token: admin.token }))
        .status,
    ).toBe(400);
    const postAs = (contentType: string) =>
      call(toolsRoute.POST, {
        method: 'POST',
        rawBody: JSON.stringify(product),
        contentType,
        token: admin.token,
      });
    expect((await postAs('text/plain')).status).toBe(400);
    // A page on another origin may send this without a CORS preflight: it is text/plain, whatever its parameter says.
    expect((await postAs('text/plain; charset=application/json')).status).toBe(400);
    expect((await postAs('Application/JSON; charset=utf-8')).status).toBe(201);
  });
});

describe('PUT /api/tools/{id} (restock)', () => {
  it('sets the stock', async () => {
    const tool = await makeTool({ quantity: 3 });
    const put = (token?: string, newQuantity: unknown = 500) =>
      call<{ modifiedCount: number }>(toolRoute.PUT, {
        method: 'PUT',
        params: { id: tool.id },
        body: { newQuantity },
        token,
      });
    expect((await put(admin.token, -1)).status).toBe(400);
    expect((await put(admin.token, 2.5)).status).toBe(400);
    const ok = await put(admin.token);
    expect(ok.status).toBe(200);
    expect(ok.body.modifiedCount).toBe(1);
    const [row] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.quantity).toBe(500);
  });
});

describe('DELETE /api/tools/{id}', () => {
  it('removes a tool without orders for good', async () => {
    const tool = await makeTool();
    const { body } = await call<{ deletedCount: number }>(toolRoute.DELETE, {
      method: 'DELETE',
      params: { id: tool.id },
      token: admin.token,
    });
    expect(body.deletedCount).toBe(1);
    expect(await getDb().select().from(tools).where(eq(tools.id, tool.id))).toHaveLength(0);
  });

  it('keeps a tool that has orders, hidden from the catalogue', async () => {
    const tool = await makeTool();
    await placeOrder(
      { userId: customer.id, sessionVersion: 0 },
      { toolId: tool.id, quantity: 10, address: 'A', phone: '1' },
    );
    const { body } = await call<{ deletedCount: number }>(toolRoute.DELETE, {
      method: 'DELETE',
      params: { id: tool.id },
      token: admin.token,
    });
    expect(body.deletedCount).toBe(1);
    const [row] = await getDb().select().from(tools).where(eq(tools.id, tool.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await call(toolRoute.GET, { params: { id: tool.id } })).status).toBe(404);
    const list = await call<ToolDto[]>(toolsRoute.GET);
    expect(list.body.some((t) => t._id === tool.id)).toBe(false);
  });
});

describe('IMAGE_HOSTS', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('limits product images to the hosts it names: another is a 400 on the field, a path on the site stays fine', async () => {
    vi.stubEnv('IMAGE_HOSTS', 'cdn.example.com');
    const create = (image: string) =>
      call<ErrorBody>(toolsRoute.POST, {
        method: 'POST',
        token: admin.token,
        body: { ...product, name: `Hosted ${randomUUID().slice(0, 6)}`, image },
      });
    const refused = await create('https://elsewhere.example/saw.png');
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      image: 'Image must be on one of the image hosts this shop allows',
    });
    expect((await create('https://cdn.example.com/saw.png')).status).toBe(201);
    expect((await create('/images/tools/circular-saw.svg')).status).toBe(201);
  });
});
