import { expect, test, type Page } from '@playwright/test';
import { orderRequestXml, statusOf } from '../tests/punchout-documents';
import {
  createTool,
  deleteTool,
  expectSignedIn,
  logInFromHome,
  newSignedIn,
  signInDemoAdmin,
  toolInput,
  type SignedIn,
} from './helpers';
import {
  startProcurementStandIn,
  type StandIn,
  type StandInCredentials,
} from './procurement-stand-in';

// Punch-out as a buyer in a procurement system meets it: from the stand-in's requisition page the buyer punches out
// (cXML: the stand-in's setup request and the one-time StartPage; OCI: a link with HOOK_URL), adds two tools at the
// company's prices, transfers the cart, and the stand-in checks what it received; then the stand-in sends the
// purchase order and the company's owner finds the order under My Orders. At both widths.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-punchout';

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });
    test.setTimeout(180_000);

    let admin: SignedIn;
    let owner: SignedIn;
    let standIn: StandIn;
    const tools: { id: string; name: string; sku: string }[] = [];
    const credentials: StandInCredentials = {
      system: { domain: 'NetworkID', identity: '', secret: '' },
      oci: { username: '', password: '' },
    };

    test.beforeAll(async ({ playwright, baseURL }) => {
      admin = await signInDemoAdmin(playwright, baseURL!);
      for (const label of ['punch drill', 'punch saw']) {
        const id = await createTool(
          admin,
          toolInput(label, { price: 40, min_quantity: 2, quantity: 500 }),
        );
        const tool = (await (await admin.session.get(`/api/tools/${id}`)).json()) as {
          name: string;
          sku: string;
        };
        tools.push({ id, name: tool.name, sku: tool.sku });
      }
      owner = await newSignedIn(playwright, baseURL!, 'punchout');
      const founded = await owner.session.post('/api/companies', {
        data: { name: `Punch ${owner.email.slice(0, 10)} Ltd` },
      });
      expect(founded.status(), await founded.text()).toBe(201);
      const { companyId } = (await founded.json()) as { companyId: string };
      // The company's price of the first tool: $32.50 where the catalogue asks $40.
      const priced = await admin.session.put(`/api/companies/${companyId}/prices`, {
        data: { prices: [{ sku: tools[0]!.sku, price: 32.5 }] },
      });
      expect(priced.status(), await priced.text()).toBe(200);

      standIn = await startProcurementStandIn(baseURL!, credentials);
      credentials.system.identity = `AN${Date.now()}${Math.random().toString().slice(2, 8)}`;
      const settings = await owner.session.put('/api/company/punchout', {
        data: {
          cxmlDomain: credentials.system.domain,
          cxmlIdentity: credentials.system.identity,
          hookUrls: [`${standIn.origin}/oci-return`],
        },
      });
      expect(settings.status(), await settings.text()).toBe(201);
      const made = (await settings.json()) as {
        sharedSecret: string;
        ociUsername: string;
        ociPassword: string;
      };
      credentials.system.secret = made.sharedSecret;
      credentials.oci = { username: made.ociUsername, password: made.ociPassword };
    });

    test.afterAll(async () => {
      for (const tool of tools) await deleteTool(admin, tool.id);
      await standIn?.close();
      await admin.session.dispose();
      await owner.session.dispose();
    });

    test('an owner sets up punch-out from the Company page and sees the secrets once', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const founder = await newSignedIn(playwright, baseURL!, 'punchset');
      const founded = await founder.session.post('/api/companies', {
        data: { name: `Setup ${founder.email.slice(0, 10)} Ltd` },
      });
      expect(founded.status()).toBe(201);
      await founder.session.dispose();
      await logInFromHome(page, founder.email, founder.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      await expectSignedIn(page);
      await page.goto('/dashboard/company');
      await page.getByRole('link', { name: 'Punch-out from your procurement system' }).click();
      await expect(page.getByRole('heading', { name: 'Punch-out', exact: true })).toBeVisible();
      await page.getByLabel('cXML identity').fill(`AN${Date.now()}${width}`);
      await page.getByLabel('HOOK_URL allow-list (one per line)').fill('not an address');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Each HOOK_URL must be an http(s) address')).toBeVisible();
      await page
        .getByLabel('HOOK_URL allow-list (one per line)')
        .fill('https://srm.acme.example/sap/bc/gui/');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('punchout-shared-secret')).toHaveText(/^[\w-]{43}$/);
      await expect(page.getByTestId('punchout-oci-password')).toHaveText(/^[\w-]{43}$/);
      await expect(page.getByText(/toolhaus-/).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/settings-${width}.png`, fullPage: true });
      await page.reload();
      await expect(page.getByLabel('HOOK_URL allow-list (one per line)')).toHaveValue(
        'https://srm.acme.example/sap/bc/gui/',
      );
      await expect(page.getByTestId('punchout-shared-secret')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'New secrets' })).toBeVisible();
    });

    /** On the punch-out page: the two tools added, the company's price on the first, then the transfer. */
    async function fillAndTransfer(page: Page, shot: string) {
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Toolhaus for Punch');
      for (const [index, tool] of tools.entries()) {
        await page.getByRole('searchbox', { name: 'Search tools' }).fill(tool.sku);
        await page.getByRole('button', { name: 'Search' }).click();
        const row = page
          .getByRole('list', { name: 'Tools' })
          .getByRole('listitem')
          .filter({ hasText: tool.sku });
        await row.getByLabel(`Quantity of ${tool.name}`).fill(String(index === 0 ? 4 : 2));
        await row.getByRole('button', { name: 'Add to cart' }).click();
        await expect(page.getByRole('list', { name: 'Cart lines' })).toContainText(tool.name);
      }
      const cart = page.getByRole('list', { name: 'Cart lines' });
      await expect(cart).toContainText('4 × $32.50 = $130.00');
      await expect(cart).toContainText('2 × $40.00 = $80.00');
      await expect(page.getByTestId('punchout-total')).toHaveText('$210.00');
      await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Transfer to procurement' }).click();
      await expect(page.getByRole('heading', { name: 'Cart received' })).toBeVisible();
    }

    test('cXML: punch out, transfer two tools at company prices, then the purchase order becomes an order', async ({
      page,
      request,
    }) => {
      await page.goto(`${standIn.origin}/requisition`);
      await page.getByRole('link', { name: 'Shop at Toolhaus (cXML)' }).click();
      await fillAndTransfer(page, 'cxml');

      const cart = standIn.received.find((received) => received.protocol === 'cxml')!;
      const message = cart.fields.get('cxml-urlencoded')!;
      expect(message).toContain('<BuyerCookie>stand-in-cookie</BuyerCookie>');
      expect(message).toContain(`<SupplierPartID>${tools[0]!.sku}</SupplierPartID>`);
      expect(message).toContain('<Money currency="USD">32.50</Money>');
      expect(message).toContain('<UnitOfMeasure>C62</UnitOfMeasure>');
      expect(message).toContain('<Total><Money currency="USD">210.00</Money></Total>');
      const requisition = /<SupplierPartAuxiliaryID>([^<]+)</.exec(message)![1]!;

      const poNumber = `PO-${Date.now()}-${width}`;
      const order = orderRequestXml(credentials.system, {
        payloadId: `${poNumber}@stand-in`,
        poNumber,
        lines: [
          { sku: tools[0]!.sku, requisition, quantity: 4, unitPrice: '32.50' },
          { sku: tools[1]!.sku, requisition, quantity: 2, unitPrice: '40.00' },
        ],
      });
      const answer = await request.post('/punchout/cxml/order', {
        headers: { 'content-type': 'text/xml' },
        data: order,
      });
      expect(answer.status()).toBe(200);
      expect(statusOf(await answer.text()).code).toBe(200);

      await page.goto('/');
      await logInFromHome(page, owner.email, owner.password);
      // The sign-in's own navigation first, else the next goto is aborted by it.
      await page.waitForURL((url) => url.pathname !== '/login');
      await expectSignedIn(page);
      await page.goto('/dashboard/myorder');
      await expect(
        page.getByText(`PO ${poNumber}`).filter({ visible: true }).first(),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/my-orders-${width}.png`, fullPage: true });
    });

    test('OCI: punch out from an allow-listed HOOK_URL and transfer NEW_ITEM fields', async ({
      page,
    }) => {
      await page.goto(`${standIn.origin}/requisition`);
      await page.getByRole('link', { name: 'Shop at Toolhaus (OCI)' }).click();
      await fillAndTransfer(page, 'oci');
      const fields = standIn.received.find((received) => received.protocol === 'oci')!.fields;
      expect(fields.get('NEW_ITEM-VENDORMAT[1]')).toBe(tools[0]!.sku);
      expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('4');
      expect(fields.get('NEW_ITEM-PRICE[1]')).toBe('32.50');
      expect(fields.get('NEW_ITEM-CURRENCY[1]')).toBe('USD');
      expect(fields.get('NEW_ITEM-UNIT[2]')).toBe('C62');
      expect(fields.get('NEW_ITEM-DESCRIPTION[2]')).toBe(tools[1]!.name.slice(0, 40));
    });
  });
}
