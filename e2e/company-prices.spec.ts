import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiLogIn,
  createTool,
  deleteTool,
  expectSignedIn,
  logInFromHome,
  newSignedIn,
  signInDemoAdmin,
  toast,
  toolInput,
  type SignedIn,
} from './helpers';

// A company's own prices from the home page, signed out: an admin sets the company's price of a tool on the admin's
// Companies page; a member signs in from the home page and sees that price on the product page, the catalogue and in
// the cart, while a visitor on the same (cached) pages sees the catalogue's price only. At both widths.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-company-prices';

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    let admin: SignedIn;
    let member: SignedIn;
    let toolId: string;
    let sku: string;
    let companyId: string;

    test.beforeAll(async ({ playwright, baseURL }) => {
      admin = await signInDemoAdmin(playwright, baseURL!);
      toolId = await createTool(admin, toolInput('company price', { price: 20, min_quantity: 1 }));
      sku = ((await (await admin.session.get(`/api/tools/${toolId}`)).json()) as { sku: string })
        .sku;
      member = await newSignedIn(playwright, baseURL!, 'member');
      const founded = await member.session.post('/api/companies', {
        data: { name: `Priced ${member.email.slice(0, 12)} Ltd` },
      });
      expect(founded.status(), await founded.text()).toBe(201);
      companyId = ((await founded.json()) as { companyId: string }).companyId;
    });

    test.afterAll(async () => {
      await deleteTool(admin, toolId);
      await admin.session.dispose();
      await member.session.dispose();
    });

    test('an admin sets a company price; its member sees and pays it, a visitor never sees it', async ({
      page,
      browser,
    }) => {
      // The admin's Companies page: the price list.
      const adminContext = await browser.newContext({ viewport });
      const adminPage = await adminContext.newPage();
      await apiLogIn(adminPage, ADMIN.email, ADMIN.password);
      await adminPage.goto(`/dashboard/companies/${companyId}`);
      const prices = adminPage.getByRole('form', { name: 'Prices' });
      await prices.getByRole('button', { name: 'Add a price' }).click();
      await prices.getByLabel('Line 1: SKU').fill('NO-SUCH-PART');
      await prices.getByLabel('Price each ($)').fill('15.50');
      await prices.getByRole('button', { name: 'Save prices' }).click();
      await expect(
        prices.getByText('No product in the catalogue has SKU NO-SUCH-PART'),
      ).toBeVisible();
      await prices.getByLabel('Line 1: SKU').fill(sku);
      await prices.getByRole('button', { name: 'Save prices' }).click();
      await expect(toast(adminPage, 'Prices saved')).toBeVisible();
      await adminPage.screenshot({ path: `${SHOTS}/admin-prices-${width}.png`, fullPage: true });
      await adminContext.close();

      // The member signs in from the home page and opens the product page.
      await logInFromHome(page, member.email, member.password);
      await expectSignedIn(page);
      await page.goto(`/products/${sku}`);
      await expect(page.getByTestId('company-price')).toContainText('$15.50');
      await page.screenshot({ path: `${SHOTS}/member-product-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(toast(page, /is in your cart/)).toBeVisible();
      await page.goto('/cart');
      await expect(page.getByText(sku).first()).toBeVisible();
      await expect(page.getByText('$15.50').first()).toBeVisible();
      await expect(page.getByText('$20.00')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/member-cart-${width}.png`, fullPage: true });

      // A visitor, on the same pages from the shared cache: the catalogue's price, never the company's.
      const visitorContext = await browser.newContext({ viewport });
      const visitor = await visitorContext.newPage();
      await visitor.goto('/');
      await visitor.goto(`/products/${sku}`);
      await expect(visitor.getByText('$20.00').first()).toBeVisible();
      await expect(visitor.getByTestId('company-price')).toHaveCount(0);
      expect(await visitor.content()).not.toContain('15.50');
      await visitor.screenshot({ path: `${SHOTS}/visitor-product-${width}.png`, fullPage: true });
      await visitorContext.close();

      // The member's cart is cleared for the other width's run.
      await page.request.put(`/api/cart/${toolId}`, { data: { quantity: 0 } });
    });
  });
}
