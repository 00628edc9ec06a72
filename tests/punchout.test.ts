import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as cartRoute from '@/app/punchout/cart/route';
import * as setupRoute from '@/app/punchout/cxml/route';
import * as orderRoute from '@/app/punchout/cxml/order/route';
import * as ociRoute from '@/app/punchout/oci/route';
import * as startRoute from '@/app/punchout/start/[token]/route';
import * as transferRoute from '@/app/punchout/transfer/route';
import { getDb } from '@/lib/db/client';
import {
  auditLog,
  checkouts,
  companyPrices,
  punchoutSessions,
  punchoutSettings,
  tools,
} from '@/lib/db/schema';
import { hashPunchoutSecret, newOciUsername, newPunchoutSecret } from '@/lib/auth/punchout-secret';
import { removeAbandonedPunchoutSessions } from '@/lib/punchout/session-expiry';
import { companyOfUser } from './companies-fixtures';
import { makeTool, makeUser } from './helpers';
import {
  orderRequestXml,
  setupRequestXml,
  startPageOf,
  statusOf,
  type ProcurementSystem,
} from './punchout-documents';

const HOOK = 'https://srm.acme.example/sap/bc/gui/';
const RETURN = 'https://procurement.example/punchout/return';

async function punchoutCompany() {
  const owner = await makeUser();
  const company = await companyOfUser(owner.id);
  const system: ProcurementSystem = {
    domain: 'NetworkID',
    identity: `AN${randomUUID().slice(0, 10)}`,
    secret: newPunchoutSecret(),
  };
  const oci = { username: newOciUsername(), password: newPunchoutSecret() };
  await getDb()
    .insert(punchoutSettings)
    .values({
      companyId: company.id,
      buyerId: owner.id,
      cxmlDomain: system.domain,
      cxmlIdentity: system.identity,
      sharedSecretHash: hashPunchoutSecret(system.secret),
      ociUsername: oci.username,
      ociPasswordHash: hashPunchoutSecret(oci.password),
      hookUrls: [HOOK],
    });
  return { owner, company, system, oci };
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

async function send(
  handler: unknown,
  path: string,
  init: RequestInit & { params?: Record<string, string> } = {},
) {
  const response = await (handler as Handler)(new Request(`http://localhost${path}`, init), {
    params: Promise.resolve(init.params ?? {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const postXml = (handler: unknown, path: string, xml: string) =>
  send(handler, path, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });

async function setUp(system: ProcurementSystem, options = {}) {
  const answer = await postXml(
    setupRoute.POST,
    '/punchout/cxml',
    setupRequestXml(system, RETURN, options),
  );
  return { ...answer, startPage: startPageOf(answer.text) };
}

/** Enters a StartPage: the browser's Cookie header of the session. */
async function enter(startPage: string) {
  const token = new URL(startPage).pathname.split('/').pop()!;
  const entered = await send(startRoute.GET, `/punchout/start/${token}`, { params: { token } });
  const cookie = entered.headers.get('set-cookie')?.split(';')[0];
  return { ...entered, cookie, token };
}

const form = (cookie: string, fields: Record<string, string>, origin = 'http://localhost') => ({
  method: 'POST',
  headers: {
    cookie,
    origin,
    host: 'localhost',
    'content-type': 'application/x-www-form-urlencoded',
  },
  body: new URLSearchParams(fields).toString(),
});

const addToCart = (cookie: string, toolId: string, quantity: number) =>
  send(
    cartRoute.POST,
    '/punchout/cart',
    form(cookie, { toolId, quantity: String(quantity), mode: 'add' }),
  );

/** The hidden fields of the transfer page: name → value. */
function fieldsOf(html: string): Map<string, string> {
  const decode = (value: string) =>
    value.replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
    );
  return new Map(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [
      decode(match[1]!),
      decode(match[2]!),
    ]),
  );
}

describe('cXML punch-out: setup, StartPage, cart, transfer and the purchase order', () => {
  it('walks a requisition at company prices into an order, answering a replay without placing twice', async () => {
    const { company, system } = await punchoutCompany();
    const drill = await makeTool({
      priceCents: 2000,
      minQuantity: 2,
      quantity: 50,
      unspsc: '27112700',
    });
    const saw = await makeTool({
      priceCents: 5000,
      minQuantity: 1,
      quantity: 10,
      unitOfMeasure: 'SET',
    });
    await getDb()
      .insert(companyPrices)
      .values({ companyId: company.id, toolId: drill.id, priceCents: 1750 });

    const setup = await setUp(system);
    expect(setup.status).toBe(200);
    expect(statusOf(setup.text).code).toBe(200);
    expect(setup.startPage).toMatch(/^http:\/\/localhost\/punchout\/start\/[\w-]{43}$/);

    const browser = await enter(setup.startPage);
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('http://localhost/punchout');
    expect(browser.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax/);
    // One use: the link is spent.
    expect((await enter(setup.startPage)).status).toBe(410);

    // Below the minimum: back to the page, which names the tool; nothing added.
    const below = await addToCart(browser.cookie!, drill.id, 1);
    expect(below.headers.get('location')).toContain(`refused=${drill.id}`);
    expect((await addToCart(browser.cookie!, drill.id, 4)).headers.get('location')).toBe(
      'http://localhost/punchout',
    );
    await addToCart(browser.cookie!, saw.id, 1);

    const transfer = await send(
      transferRoute.POST,
      '/punchout/transfer',
      form(browser.cookie!, {}),
    );
    expect(transfer.status).toBe(200);
    expect(transfer.headers.get('content-security-policy')).toContain(
      'form-action https://procurement.example',
    );
    expect(transfer.text).toContain(`action="${RETURN}"`);
    const message = fieldsOf(transfer.text).get('cxml-urlencoded')!;
    expect(message).toContain('<BuyerCookie>cookie-1</BuyerCookie>');
    expect(message).toContain(
      `<To><Credential domain="NetworkID"><Identity>${system.identity}</Identity>`,
    );
    expect(message).toContain(
      `<ItemIn quantity="4"><ItemID><SupplierPartID>${drill.sku}</SupplierPartID>`,
    );
    expect(message).toContain('<Money currency="USD">17.50</Money>');
    expect(message).toContain('<Classification domain="UNSPSC">27112700</Classification>');
    expect(message).toContain('<UnitOfMeasure>SET</UnitOfMeasure>');
    expect(message).toContain('<Total><Money currency="USD">120.00</Money></Total>');
    const requisition = /<SupplierPartAuxiliaryID>([^<]+)</.exec(message)![1]!;
    // Transferred: the session has ended.
    expect(
      (await send(transferRoute.POST, '/punchout/transfer', form(browser.cookie!, {}))).status,
    ).toBe(401);

    const payloadId = `${randomUUID()}@procurement.example`;
    const po = {
      payloadId,
      poNumber: `PO-${randomUUID().slice(0, 8)}`,
      lines: [
        { sku: drill.sku, requisition, quantity: 4, unitPrice: '17.50' },
        { sku: saw.sku, requisition, quantity: 1, unitPrice: '50.00' },
      ],
    };
    const placed = await postXml(
      orderRoute.POST,
      '/punchout/cxml/order',
      orderRequestXml(system, po),
    );
    expect(placed.status).toBe(200);
    expect(statusOf(placed.text)).toMatchObject({
      code: 200,
      text: expect.stringMatching(/^Order \d+ placed/),
    });
    const [order] = await getDb()
      .select()
      .from(checkouts)
      .where(eq(checkouts.poNumber, po.poNumber));
    expect(order).toMatchObject({ companyId: company.id, totalCents: 12000 });
    expect(order!.address).toContain('1 Industrial Way');
    const [stock] = await getDb()
      .select({ quantity: tools.quantity })
      .from(tools)
      .where(eq(tools.id, drill.id));
    expect(stock!.quantity).toBe(46);

    // The same payloadID again: the first answer, nothing placed again.
    const replayed = await postXml(
      orderRoute.POST,
      '/punchout/cxml/order',
      orderRequestXml(system, po),
    );
    expect(replayed.text).toBe(placed.text);
    expect(
      await getDb().select().from(checkouts).where(eq(checkouts.poNumber, po.poNumber)),
    ).toHaveLength(1);
    // The same PO under a new payloadID: refused, not placed twice.
    const again = await postXml(
      orderRoute.POST,
      '/punchout/cxml/order',
      orderRequestXml(system, { ...po, payloadId: `${randomUUID()}@procurement.example` }),
    );
    expect(statusOf(again.text).code).toBe(409);
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'punchout.order'),
          eq(auditLog.target, `order ${order!.number} (PO ${po.poNumber})`),
        ),
      );
    expect(audited).toHaveLength(1);
  });

  it('holds a purchase order to the requisition: its price, its company, its SKUs', async () => {
    const first = await punchoutCompany();
    const other = await punchoutCompany();
    const tool = await makeTool({ priceCents: 1000, minQuantity: 1 });
    const browser = await enter((await setUp(first.system)).startPage);
    await addToCart(browser.cookie!, tool.id, 3);
    const message = fieldsOf(
      (await send(transferRoute.POST, '/punchout/transfer', form(browser.cookie!, {}))).text,
    ).get('cxml-urlencoded')!;
    const requisition = /<SupplierPartAuxiliaryID>([^<]+)</.exec(message)![1]!;
    const order = (system: ProcurementSystem, line: Partial<{ sku: string; unitPrice: string }>) =>
      postXml(
        orderRoute.POST,
        '/punchout/cxml/order',
        orderRequestXml(system, {
          payloadId: randomUUID(),
          poNumber: randomUUID(),
          lines: [{ sku: tool.sku, requisition, quantity: 3, unitPrice: '10.00', ...line }],
        }),
      );
    const cheaper = await order(first.system, { unitPrice: '9.00' });
    expect(cheaper.status).toBe(400);
    expect(statusOf(cheaper.text).text).toContain(
      "the unit price 9.00 is not the requisition's 10.00",
    );
    expect(statusOf((await order(other.system, {})).text).code).toBe(400);
    expect(statusOf((await order(first.system, { sku: 'NOT-ON-IT' })).text).code).toBe(400);
    const wrongSecret = await order({ ...first.system, secret: 'guess' }, {});
    expect(wrongSecret.status).toBe(401);
    const [stock] = await getDb()
      .select({ quantity: tools.quantity })
      .from(tools)
      .where(eq(tools.id, tool.id));
    expect(stock!.quantity).toBe(tool.quantity);
  });

  it('places a purchase order once when its replays arrive at the same time', async () => {
    const { system } = await punchoutCompany();
    const tool = await makeTool({ priceCents: 1000, minQuantity: 1, quantity: 100 });
    const browser = await enter((await setUp(system)).startPage);
    await addToCart(browser.cookie!, tool.id, 2);
    const transfer = await send(
      transferRoute.POST,
      '/punchout/transfer',
      form(browser.cookie!, {}),
    );
    const requisition = /<SupplierPartAuxiliaryID>([^<]+)</.exec(
      fieldsOf(transfer.text).get('cxml-urlencoded')!,
    )![1]!;
    const po = {
      payloadId: randomUUID(),
      poNumber: randomUUID(),
      lines: [{ sku: tool.sku, requisition, quantity: 2, unitPrice: '10.00' }],
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postXml(orderRoute.POST, '/punchout/cxml/order', orderRequestXml(system, po)),
      ),
    );
    expect(answers.map((answer) => statusOf(answer.text).code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(
      await getDb().select().from(checkouts).where(eq(checkouts.poNumber, po.poNumber)),
    ).toHaveLength(1);
    const [stock] = await getDb()
      .select({ quantity: tools.quantity })
      .from(tools)
      .where(eq(tools.id, tool.id));
    expect(stock!.quantity).toBe(98);
  });

  it('refuses a wrong SharedSecret, an unknown identity, an expired StartPage and hostile XML', async () => {
    const { system } = await punchoutCompany();
    expect((await setUp({ ...system, secret: 'wrong' })).status).toBe(401);
    expect((await setUp({ ...system, identity: 'AN-unknown' })).status).toBe(401);
    const expiring = await setUp(system);
    await getDb()
      .update(punchoutSessions)
      .set({ startExpiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(
          punchoutSessions.startTokenHash,
          hashPunchoutSecret(new URL(expiring.startPage).pathname.split('/').pop()!),
        ),
      );
    expect((await enter(expiring.startPage)).status).toBe(410);

    const xxe = setupRequestXml(system, RETURN)
      .replace(/<!DOCTYPE[^>]+>/, '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
      .replace('cookie-1', '&xxe;');
    const refusedXxe = await postXml(setupRoute.POST, '/punchout/cxml', xxe);
    expect(refusedXxe.status).toBe(400);
    expect(refusedXxe.text).not.toContain('root:');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><cXML>&lol1;</cXML>`;
    expect((await postXml(setupRoute.POST, '/punchout/cxml', laughs)).status).toBe(400);
    expect((await postXml(orderRoute.POST, '/punchout/cxml/order', laughs)).status).toBe(400);
    expect((await postXml(setupRoute.POST, '/punchout/cxml', 'not xml')).status).toBe(400);
  });

  it('refuses a cart form posted from another site', async () => {
    const { system } = await punchoutCompany();
    const tool = await makeTool({ minQuantity: 1 });
    const browser = await enter((await setUp(system)).startPage);
    const forged = await send(
      cartRoute.POST,
      '/punchout/cart',
      form(browser.cookie!, { toolId: tool.id, quantity: '1' }, 'https://evil.example'),
    );
    expect(forged.status).toBe(403);
    const [session] = await getDb()
      .select()
      .from(punchoutSessions)
      .where(
        eq(punchoutSessions.browserTokenHash, hashPunchoutSecret(browser.cookie!.split('=')[1]!)),
      );
    expect(session!.cart).toEqual([]);
  });
});

describe('abandoned punch-out sessions', () => {
  it('are removed a day after they end; a transferred one stays with its requisition', async () => {
    const { system } = await punchoutCompany();
    const tool = await makeTool({ minQuantity: 1 });
    const abandoned = await enter((await setUp(system)).startPage);
    const transferred = await enter((await setUp(system)).startPage);
    await addToCart(transferred.cookie!, tool.id, 1);
    await send(transferRoute.POST, '/punchout/transfer', form(transferred.cookie!, {}));
    const hashes = [abandoned, transferred].map((browser) =>
      hashPunchoutSecret(browser.cookie!.split('=')[1]!),
    );
    await getDb()
      .update(punchoutSessions)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(inArray(punchoutSessions.browserTokenHash, hashes));
    await removeAbandonedPunchoutSessions();
    const left = await getDb()
      .select({ hash: punchoutSessions.browserTokenHash })
      .from(punchoutSessions)
      .where(inArray(punchoutSessions.browserTokenHash, hashes));
    expect(left).toEqual([{ hash: hashes[1] }]);
  });
});

describe('OCI punch-out', () => {
  const ociCall = (query: Record<string, string>) =>
    send(ociRoute.GET, `/punchout/oci?${new URLSearchParams(query)}`);

  it('opens a session for a listed HOOK_URL and transfers the cart as NEW_ITEM fields', async () => {
    const { oci, company } = await punchoutCompany();
    const tool = await makeTool({ priceCents: 3000, minQuantity: 1, unspsc: '27111700' });
    await getDb()
      .insert(companyPrices)
      .values({ companyId: company.id, toolId: tool.id, priceCents: 2500 });
    const hookUrl = `${HOOK}?sap-client=100`;
    const opened = await ociCall({
      HOOK_URL: hookUrl,
      USERNAME: oci.username,
      PASSWORD: oci.password,
      '~TARGET': '_top',
    });
    expect(opened.status).toBe(303);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    await addToCart(cookie, tool.id, 2);
    const transfer = await send(transferRoute.POST, '/punchout/transfer', form(cookie, {}));
    expect(transfer.text).toContain(`action="${hookUrl.replace('&', '&amp;')}" target="_top"`);
    const fields = fieldsOf(transfer.text);
    expect(Object.fromEntries(fields)).toMatchObject({
      'NEW_ITEM-DESCRIPTION[1]': tool.name,
      'NEW_ITEM-QUANTITY[1]': '2',
      'NEW_ITEM-PRICE[1]': '25.00',
      'NEW_ITEM-CURRENCY[1]': 'USD',
      'NEW_ITEM-UNIT[1]': 'C62',
      'NEW_ITEM-VENDORMAT[1]': tool.sku,
      'NEW_ITEM-MATGROUP[1]': '27111700',
      '~OkCode': 'ADDI',
    });
    expect(fields.has('NEW_ITEM-LEADTIME[1]')).toBe(true);
  });

  it('refuses a HOOK_URL off the allow-list, a wrong password and a missing HOOK_URL', async () => {
    const { oci } = await punchoutCompany();
    const offList = await ociCall({
      HOOK_URL: 'https://attacker.example/collect',
      USERNAME: oci.username,
      PASSWORD: oci.password,
    });
    expect(offList.status).toBe(403);
    expect(offList.headers.get('set-cookie')).toBeNull();
    expect(
      (await ociCall({ HOOK_URL: HOOK, USERNAME: oci.username, PASSWORD: 'wrong' })).status,
    ).toBe(401);
    expect((await ociCall({ USERNAME: oci.username, PASSWORD: oci.password })).status).toBe(400);
  });
});
