import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  adminLogin,
  apiLogIn,
  findTool,
  enterCard,
  payOrder,
  placeOrder,
  TOOLS,
  type TestUser,
} from '../helpers';

// The README's pictures of the shop. Viewport-sized PNGs (not whole pages) keep the files small. SCREENSHOTS_DIR
// writes them elsewhere (a before/after comparison outside the repository).
const OUT = process.env.SCREENSHOTS_DIR
  ? `${process.env.SCREENSHOTS_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const BUYER: TestUser = {
  name: 'Ada Fischer',
  email: 'ada.fischer@example.com',
  password: 'screenshots-2026',
};

async function shoot(page: Page, name: string, width: string) {
  // Toasts and the caret would make every run's pictures differ.
  await page.addStyleTag({
    content: '[data-sonner-toaster]{display:none!important} *{caret-color:transparent!important}',
  });
  await page.screenshot({ path: `${OUT}${name}-${width}.png` });
}

test.beforeAll(async ({ request }) => {
  // A worker restarted after a failure finds the account there already.
  const response = await request.post('/api/signup', { data: BUYER });
  expect([201, 409]).toContain(response.status());
});

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport, deviceScaleFactor: 1 });

    test('home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, 'home', width);
    });

    test('public product page', async ({ page }) => {
      const drill = await findTool(page.request, TOOLS.drill);
      await page.goto(`/products/${drill.sku}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, 'product', width);
    });

    test('tool page, My Orders and the payment receipt', async ({ page }) => {
      await apiLogIn(page, BUYER.email, BUYER.password);
      const drill = await findTool(page.request, TOOLS.drill);
      const tape = await findTool(page.request, TOOLS.tape);
      const paid = await placeOrder(page, tape, tape.min_quantity + 20);
      await payOrder(page.request, paid);
      const wrench = await findTool(page.request, TOOLS.wrench);
      await placeOrder(page, wrench, wrench.min_quantity);

      await page.goto(`/tools/${drill._id}`);
      // At the drill's first price break: the picture shows the volume pricing and what the break saves.
      await page.getByLabel('Quantity (pieces)').fill(String(drill.priceBreaks[0]?.minQuantity));
      await page.getByLabel('Address').fill('Hafenstraße 12, 20459 Hamburg');
      await page.getByLabel('Phone Number').fill('+49 40 1234567');
      await page.evaluate(
        () => document.activeElement instanceof HTMLElement && document.activeElement.blur(),
      );
      // The tool's name, price and facts at the top of the picture, the form below them.
      await page.getByRole('heading', { level: 1 }).evaluate((heading) => heading.scrollIntoView());
      await page.getByText(/you save/).scrollIntoViewIfNeeded();
      await shoot(page, 'tool', width);

      await page.getByRole('button', { name: 'Confirm Order' }).click();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page);
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      await page.getByText('Congrats! Your payment is completed.').scrollIntoViewIfNeeded();
      await shoot(page, 'receipt', width);

      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      await expect(
        page.getByText('Unpaid', { exact: true }).filter({ visible: true }).first(),
      ).toBeVisible();
      await shoot(page, 'my-orders', width);
    });

    test('cart and checkout', async ({ page }) => {
      await apiLogIn(page, BUYER.email, BUYER.password);
      // A bulk buyer's cart: one line at a price break, two at their minimum.
      for (const [name, quantity] of [
        [TOOLS.hammer, 1000],
        [TOOLS.drill, 50],
        [TOOLS.tape, 200],
      ] as const) {
        const tool = await findTool(page.request, name);
        const response = await page.request.put(`/api/cart/${tool._id}`, { data: { quantity } });
        expect(response.ok()).toBe(true);
      }
      await page.goto('/cart');
      await expect(
        page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem'),
      ).toHaveCount(3);
      await shoot(page, 'cart', width);

      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Address').fill('Hafenstraße 12, 20459 Hamburg');
      await page.getByLabel('Phone Number').fill('+49 40 1234567');
      await page.getByLabel('PO number (optional)').fill('PO-HH-2026-0113');
      await page.evaluate(
        () => document.activeElement instanceof HTMLElement && document.activeElement.blur(),
      );
      // From the top: the review of the lines first, as the buyer arrives.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, 'checkout', width);
    });

    test('admin: All Orders', async ({ page }) => {
      await adminLogin(page);
      await page.goto('/dashboard/manageorder');
      await expect(page.getByText(BUYER.name).filter({ visible: true }).first()).toBeVisible();
      await shoot(page, 'all-orders', width);
    });
  });
}
