import { expect, test, type Page } from '@playwright/test';
import {
  clickOrderOnHome,
  createAccount,
  enterCard,
  findTool,
  navbar,
  newUser,
  submitLogin,
  toast,
} from './helpers';

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const GRINDER = '125 mm Angle Grinder';
const SAW = '185 mm Circular Saw';
const SCREWDRIVERS = { sku: 'SD-1032', name: '32-piece Screwdriver Set' };

const cartCount = (page: Page) => navbar(page).getByTestId('cart-count');

/** Back to the home page through the navbar's brand, then Order on a tool's card, then Add to cart. */
async function addFromHome(page: Page, name: string, quantity?: number) {
  await navbar(page).getByRole('link', { name: 'Toolhaus' }).click();
  await clickOrderOnHome(page, name);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  if (quantity !== undefined) await page.getByLabel('Quantity (pieces)').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, `${name} is in your cart`)).toBeVisible();
}

for (const { label, viewport } of WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a bulk purchase: two tools and a quick order in the cart, one checkout with a PO number, one payment', async ({
      page,
    }) => {
      const user = newUser('bulk');
      await createAccount(page.request, user);
      const grinder = await findTool(page.request, GRINDER);
      const breaks = (await (await page.request.get(`/api/tools/${grinder._id}`)).json()) as {
        priceBreaks: { minQuantity: number; price: number }[];
      };
      const firstBreak = breaks.priceBreaks[0]!;

      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, user.email, user.password);
      // Back from the login page first: the navbar's cart link is there signed out too (a guest cart).
      await page.waitForURL((url) => url.pathname !== '/login');
      await expect(cartCount(page)).toHaveText('0');

      // One line at the grinder's first price break, one at the saw's minimum.
      await addFromHome(page, GRINDER, firstBreak.minQuantity);
      await expect(cartCount(page)).toHaveText('1');
      await addFromHome(page, SAW);
      await expect(cartCount(page)).toHaveText('2');

      // Quick order from the navbar (the menu on a phone) adds a third line by its SKU.
      if (label === 'phone') await navbar(page).locator('summary').click();
      await navbar(page).getByRole('link', { name: 'Quick order' }).click();
      await page.getByLabel('Lines (SKU, quantity)').fill(`${SCREWDRIVERS.sku}, 60\nNOPE-1, 5`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 line added to your cart.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Refused lines' })).toHaveText(
        'NOPE-1: Unknown SKU',
      );
      await expect(cartCount(page)).toHaveText('3');

      await page.getByRole('link', { name: 'View cart' }).click();
      const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
      await expect(lines).toHaveCount(3);
      const grinderLine = lines.filter({ hasText: GRINDER });
      await expect(grinderLine).toContainText(`$${firstBreak.price.toFixed(2)} each`);
      await expect(page.getByTestId('cart-savings')).not.toHaveText('$0.00');

      await page.getByRole('link', { name: 'Checkout' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Order review' }).getByRole('row')).toHaveCount(
        5,
      );
      await page.getByLabel('Address').fill('Pier 4, Dock Road, Chattogram');
      await page.getByLabel('Phone Number').fill('+880 1700 000000');
      await page.getByLabel('PO number (optional)').fill('PO-2026-118');
      await page.getByRole('button', { name: 'Place order' }).click();

      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      const heading = page.getByRole('heading', { level: 1, name: /^Order C-\d+$/ });
      await expect(heading).toBeVisible();
      const number = ((await heading.textContent()) ?? '').replace('Order ', '');
      await expect(page.getByText('PO number: PO-2026-118.')).toBeVisible();
      await expect(cartCount(page)).toHaveText('0');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page);
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
      await expect(page.getByLabel('Receipt')).toContainText(number);

      await page.getByRole('link', { name: 'Back to My Orders' }).click();
      await expect(page).toHaveURL('/dashboard/myorder');
      const group = page.getByText(`Order ${number}`, { exact: true }).filter({ visible: true });
      await expect(group).toBeVisible();
      const groupHeading = page.locator(`[id^="checkout-"]`).filter({ visible: true }).first();
      await expect(groupHeading).toContainText('PO PO-2026-118');
      await expect(groupHeading).toContainText('3 lines');
      await expect(groupHeading).toContainText('Paid');
      for (const name of [GRINDER, SAW, SCREWDRIVERS.name]) {
        await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(
          1,
        );
      }
    });
  });
}
