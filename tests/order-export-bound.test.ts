import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as exportRoute from '@/app/api/order/export/route';
import * as toolsRoute from '@/app/api/tools/route';
import { getDb } from '@/lib/db/client';
import { EXPORTS_BUSY, MAX_RUNNING_EXPORTS } from '@/lib/orders/export';
import { call, makeTool, makeUser, type ErrorBody, type TestUser } from './helpers';

let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser('admin');
  const customer = await makeUser('customer');
  const tool = await makeTool();
  // Enough orders for several batches of the export.
  await getDb().execute(sql`
    WITH documents AS (
      INSERT INTO checkouts (user_id, email, user_name, address, phone, total_cents)
      SELECT ${customer.id}, ${customer.email}, 'Export Customer', '1 Main St', '+1 555 0100', 2500
      FROM generate_series(1, 5000)
      RETURNING id, number
    )
    INSERT INTO orders (checkout_id, checkout_number, tool_id, user_id, product_name, sku, unit_price_cents,
                        quantity, total_cents, email, user_name, address, phone)
    SELECT id, number, ${tool.id}, ${customer.id}, 'Export tool', ${tool.sku}, 1250, 2, 2500, ${customer.email},
           'Export Customer', '1 Main St', '+1 555 0100'
    FROM documents`);
});

const startExport = () =>
  exportRoute.GET(
    new Request('http://localhost/api/order/export', {
      headers: { authorization: `Bearer ${admin.token}` },
    }),
    { params: Promise.resolve({}) },
  );

describe('CSV exports on one instance', () => {
  it(`runs ${MAX_RUNNING_EXPORTS} at once; a further one gets 429 with Retry-After until one ends`, async () => {
    const running = await Promise.all(Array.from({ length: MAX_RUNNING_EXPORTS }, startExport));
    expect(running.map((response) => response.status)).toEqual(
      Array<number>(MAX_RUNNING_EXPORTS).fill(200),
    );

    const refused = await call<ErrorBody>(exportRoute.GET, {
      path: '/api/order/export',
      token: admin.token,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: EXPORTS_BUSY } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // A download the admin gave up on gives its place back; one read to the end does too.
    await running[0]!.body!.cancel();
    const next = await startExport();
    expect(next.status).toBe(200);
    await Promise.all([next.text(), running[1]!.text()]);
    const again = await startExport();
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });

  it('answers a catalogue read while exports stream', async () => {
    const events: string[] = [];
    const exports = Array.from({ length: MAX_RUNNING_EXPORTS }, async () => {
      const text = await (await startExport()).text();
      events.push('export');
      return text;
    });
    const read = await call(toolsRoute.GET, { path: '/api/tools' });
    events.push('read');
    expect(read.status).toBe(200);
    const texts = await Promise.all(exports);
    expect(texts.every((text) => text.split('\r\n').length > 5000)).toBe(true);
    expect(events[0]).toBe('read');
  });
});
