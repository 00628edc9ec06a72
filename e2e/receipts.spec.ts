import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  createAccount,
  createTool,
  credentialsAccepted,
  deleteTool,
  enterCard,
  expectSignedIn,
  navbar,
  newUser,
  signInDemoAdmin,
  submitLogin,
  toolInput,
  type TestUser,
} from './helpers';

// The receipt after paying, My Orders without JavaScript, one status language, the quote's invoice, the
// account statement and the requested delivery date, each from the home page signed out, at 1280 and 390 px.

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-receipts';
mkdirSync(SHOTS, { recursive: true });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const shown = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

async function shoot(page: Page, name: string, label: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
}

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** From the home page, signed out: Log In in the navbar. */
async function logInFromHome(page: Page, user: TestUser) {
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await submitLogin(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expectSignedIn(page);
}

/** Set-up through the API: an account with a tool of this spec's in its cart. */
async function buyerWithCart(request: APIRequestContext, user: TestUser, toolId: string) {
  await createAccount(request, user);
  expect(await credentialsAccepted(request, user.email, user.password)).toBe(true);
  expect((await request.put(`/api/cart/${toolId}`, { data: { quantity: 12 } })).status()).toBe(200);
}

async function idOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.get(`/api/user/${encodeURIComponent(email)}`);
  return ((await answer.json()) as { _id: string })._id;
}

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

for (const { label, viewport } of WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport });

    test('checkout with a requested delivery date, pay: a receipt at once and on a later visit; My Orders without JavaScript; one status for buyer and admin', async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const tool = toolInput('receipt drill', { price: 4 });
      const toolId = await createTool(admin, tool);
      const user = newUser('receipt');
      const setup = await playwright.request.newContext({ baseURL });
      await buyerWithCart(setup, user, toolId);
      await setup.dispose();

      await logInFromHome(page, user);
      await navbar(page).getByRole('link', { name: /^Cart/ }).click();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Address').fill('7 Receipt Row, Springfield');
      await page.getByLabel('Phone Number').fill('+1 555 0142');
      // The date is checked as it is typed: a day past says so under the field.
      const delivery = page.getByLabel('Requested delivery date (optional)');
      await delivery.fill(inDays(-2));
      await expect(page.getByText('Requested delivery date can not be in the past')).toBeVisible();
      const wanted = inDays(14);
      await delivery.fill(wanted);
      await expect(page.getByText('Requested delivery date can not be in the past')).toHaveCount(0);
      await page.getByRole('button', { name: 'Place order' }).click();

      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      const checkoutUrl = page.url();
      await expect(page.getByText(`Requested delivery: ${shown(wanted)}.`)).toBeVisible();
      await expect(page.getByText('We ship it once it is paid.')).toBeVisible();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page);

      // The receipt, right after paying: nothing above it says it is unpaid, the invoice is there without a reload.
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      await expect(page.getByText('We ship it once it is paid.')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
      await expect(page.getByText('Paid by card.')).toBeVisible();
      await expect(page.getByText(/What happens next:/)).toBeVisible();
      await expect(page.getByText(/Thank you for your order: it is paid/)).toBeVisible();
      await expect(page.getByText('This order is already paid')).toHaveCount(0);
      await shoot(page, 'receipt-just-paid', label);

      // A later visit: the same receipt, "Payment completed", no error.
      await page.goto(checkoutUrl);
      await expect(page.getByText('Payment completed', { exact: true })).toBeVisible();
      await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);
      // Nothing in the page reads as an error (Next's route announcer, outside main, is an empty alert region).
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expect(page.getByText('This order is already paid')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Invoice INV-/ })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'receipt-later', label);

      // The order page: its status and the requested day.
      await page.getByRole('link', { name: 'Order details and tracking' }).click();
      await expect(page.getByRole('heading', { name: /^Order / })).toBeVisible();
      await expect(page.getByText('Requested delivery')).toBeVisible();
      await expect(page.getByText(shown(wanted), { exact: true })).toBeVisible();
      await expect(
        page
          .locator('.badge')
          .filter({ hasText: /^Paid$/ })
          .first(),
      ).toBeVisible();

      // My Orders without JavaScript: rendered on the server, the order's row and its status.
      const noScript = await browser.newContext({
        viewport,
        javaScriptEnabled: false,
        storageState: await page.context().storageState(),
      });
      const plain = await noScript.newPage();
      await plain.goto('/dashboard/myorder');
      await expect(plain.getByRole('heading', { name: 'My Orders' })).toBeVisible();
      await expect(plain.getByText(tool.name).filter({ visible: true }).first()).toBeVisible();
      await expect(
        plain.getByText('Payment completed').filter({ visible: true }).first(),
      ).toBeVisible();
      await expect(plain.getByText('Loading')).toHaveCount(0);
      await shoot(plain, 'my-orders-no-js', label);
      await noScript.close();

      // The admin reads the same status name beside docs/PRODUCT.md's Pending, and filters by the same names.
      const adminContext = await browser.newContext({ viewport });
      const adminPage = await adminContext.newPage();
      await logInFromHome(adminPage, { name: 'Demo Admin', ...ADMIN });
      await adminPage.goto(`/dashboard/manageorder?q=${encodeURIComponent(user.email)}`);
      const status = adminPage.getByLabel('Status');
      await expect(status.locator('option')).toHaveText([
        'All',
        'Awaiting approval',
        'Unpaid',
        'Paid',
        'Shipped',
      ]);
      const row = adminPage
        .getByRole(label === 'desktop' ? 'row' : 'listitem')
        .filter({ hasText: tool.name })
        .filter({ visible: true });
      await expect(row.first()).toContainText('Paid');
      await expect(row.first().getByRole('button', { name: /^Pending: mark order/ })).toBeVisible();
      await shoot(adminPage, 'all-orders-status', label);
      await adminContext.close();
      await deleteTool(admin, toolId);
      await admin.session.dispose();
    });

    test("a lone order paid on the payment page: the REST contract's texts, then the same receipt and invoice, and 'Payment completed' later", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const toolId = await createTool(admin, toolInput('lone order', { price: 3 }));
      const user = newUser('lone');
      const setup = await playwright.request.newContext({ baseURL });
      await createAccount(setup, user);
      expect(await credentialsAccepted(setup, user.email, user.password)).toBe(true);
      const placed = await setup.post('/api/order', {
        data: { toolId, quantity: 5, address: '2 Lone Lane', phone: '+1 555 0123' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await setup.dispose();

      await logInFromHome(page, user);
      await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
      await page.goto('/dashboard/myorder');
      await page
        .getByRole('button', { name: 'Pay', exact: true })
        .filter({ visible: true })
        .click();
      await expect(page.getByRole('heading', { name: 'Payment Process' })).toBeVisible();
      await enterCard(page);
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      await expect(page.getByText(/^Your transaction Id:/)).toBeVisible();
      await expect(page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}$/ })).toBeVisible();
      await expect(page.getByText('Paid by card.')).toBeVisible();
      await shoot(page, 'payment-page-just-paid', label);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Payment Process' })).toBeVisible();
      await expect(page.getByText('Payment completed', { exact: true })).toBeVisible();
      await expect(page.getByText('This order is already paid')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Invoice INV-/ })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'payment-page-later', label);
      await deleteTool(admin, toolId);
      await admin.session.dispose();
    });

    test('a buyer on terms finds the account statement from My Profile, with its PDF; a buyer paying by card is told why there is none', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const toolId = await createTool(admin, toolInput('statement saw', { price: 10 }));
      const user = newUser('statement');
      const setup = await playwright.request.newContext({ baseURL });
      await buyerWithCart(setup, user, toolId);
      const terms = await admin.session.put(`/api/user/terms/${await idOf(setup, user.email)}`, {
        data: { netDays: 30, creditLimit: 100_000 },
      });
      expect(terms.status()).toBe(200);
      const placed = await setup.post('/api/checkout', {
        data: { address: '3 Ledger Lane', phone: '+1 555 0177', paymentMethod: 'invoice' },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const { checkoutId, orderIds } = (await placed.json()) as {
        checkoutId: string;
        orderIds: string[];
      };
      const { invoiceNumber } = (await (await setup.get(`/api/orders/${orderIds[0]}`)).json()) as {
        invoiceNumber: string;
      };
      await setup.dispose();

      await logInFromHome(page, user);
      await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('link', { name: /^Account statement/ }).click();
      await expect(page.getByRole('heading', { name: 'Account statement' })).toBeVisible();
      await expect(
        page
          .getByText(/^Invoice INV-\d{4}-\d{6}, due/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await expect(page.getByText('Closing balance on')).toContainText('$120.00');
      await expectAccessible(page);
      await shoot(page, 'statement', label);
      const pdf = await page.request.get(
        (await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href'))!,
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdfText(await pdf.body())).toContain('Closing balance: $120.00');

      // The shop records the whole transfer: the order's page is a receipt that says how it was paid.
      const transfer = await admin.session.post(`/api/invoices/${invoiceNumber}/payments`, {
        data: { amount: 120, date: inDays(0), reference: 'BANK-E2E-1' },
      });
      expect(transfer.status(), await transfer.text()).toBe(201);
      await page.goto(`/checkout/${checkoutId}`);
      await expect(page.getByText('Payment completed', { exact: true })).toBeVisible();
      await expect(page.getByText('Paid by bank transfer.')).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      await shoot(page, 'receipt-transfer', label);

      // Someone paying by card: the page says why there is no statement, and where the invoices are.
      const carder = newUser('no-terms');
      // Off the receipt first: a request of that page still under way could bring the renewed session cookie back.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await createAccount(page.request, carder);
      await logInFromHome(page, carder);
      await page.goto('/dashboard/statement');
      await expect(page.getByText(/Your account pays order by order, by card/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'statement-not-on-terms', label);
      await deleteTool(admin, toolId);
      await admin.session.dispose();
    });

    test("a quote asks for a delivery date; its invoice is the quote's: quote price, quote number, back-order, the company billed", async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const tool = toolInput('quote press', { price: 20, quantity: 30, min_quantity: 1 });
      const toolId = await createTool(admin, tool);
      const user = newUser('quote-invoice');
      const setup = await playwright.request.newContext({ baseURL });
      await buyerWithCart(setup, user, toolId);
      expect(
        (
          await setup.put('/api/user/company', {
            data: { companyName: 'Quoted Works GmbH', taxId: null, billingAddress: null },
          })
        ).status(),
      ).toBe(200);
      await setup.dispose();

      await logInFromHome(page, user);
      await navbar(page).getByRole('link', { name: /^Cart/ }).click();
      await page.getByRole('button', { name: 'Request a quote' }).click();
      await page.getByLabel(`Pieces of ${tool.name}`).fill('50');
      const wanted = inDays(30);
      await page.getByLabel('Requested delivery date (optional)').fill(wanted);
      await page.getByRole('button', { name: 'Request a quote' }).click();
      await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Requested delivery: ${shown(wanted)}`)).toBeVisible();
      const quoteId = page.url().split('/').at(-1)!;
      const number = /Q-\d+/.exec(
        (await page.getByRole('heading', { name: /^Quote Q-/ }).textContent())!,
      )![0];

      // The admin answers below the list price with a lead time (the API: the answer form is quotes.spec.ts's).
      const answered = await admin.session.put(`/api/quotes/${quoteId}`, {
        data: { lines: [{ toolId, unitPrice: 15 }], leadTimeDays: 21, validUntil: inDays(7) },
      });
      expect(answered.status(), await answered.text()).toBe(200);
      await page.reload();
      await page.getByLabel('Address').fill('5 Quote Quay');
      await page.getByLabel('Phone Number').fill('+1 555 0155');
      await page.getByRole('button', { name: 'Accept' }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`Requested delivery: ${shown(wanted)}.`)).toBeVisible();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page);
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      const invoice = page.getByRole('link', { name: /^Invoice INV-/ });
      await expect(invoice).toBeVisible();
      await shoot(page, 'quote-receipt', label);
      const text = pdfText(
        await (await page.request.get((await invoice.getAttribute('href'))!)).body(),
      );
      for (const expected of [
        `Quote: ${number}`,
        'Quote price',
        `Prices as agreed in quote ${number}.`,
        '20 pieces are back-ordered',
        "quote's lead time of 21 days",
        'Quoted Works GmbH',
        `Requested delivery: ${shown(wanted)}.`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Price break savings');
      await deleteTool(admin, toolId);
      await admin.session.dispose();
    });
  });
}
