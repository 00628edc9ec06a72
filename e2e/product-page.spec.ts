import { expect, test, type Page } from '@playwright/test';
import { createAccount, navbar, newUser, submitLogin, TOOLS } from './helpers';

// A product's public page and its order page load without a single console error (React's hydration errors
// included), and both show the same product: one component, the order page adding the order form.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Every console error and uncaught exception of the page, as text. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Lets React finish hydrating (and so report a mismatch) before the errors are read. */
async function hydrated(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('the product page logs no console error, signed out and signed in, and leads to the same product with its order form', async ({
      page,
    }) => {
      const errors = consoleErrors(page);
      await page.goto('/');
      if (width === 'phone') await navbar(page).locator('summary').click();
      await navbar(page).getByRole('link', { name: 'Catalogue' }).click();
      await page.getByRole('link', { name: TOOLS.drill }).first().click();
      await expect(page).toHaveURL(/\/products\/DR-1850$/);
      await expect(page.getByRole('heading', { level: 1, name: TOOLS.drill })).toBeVisible();
      await hydrated(page);
      await page.reload();
      await hydrated(page);
      await page.screenshot({ path: `/tmp/shots-comforts/product-${width}.png`, fullPage: true });
      expect(errors, 'console errors on /products/DR-1850, signed out').toEqual([]);

      const user = newUser('product');
      await createAccount(page.request, user);
      await page.getByRole('main').getByRole('button', { name: 'Order', exact: true }).click();
      await expect(page).toHaveURL(/\/login/);
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(/\/tools\/[0-9a-f-]{36}$/);
      const product = page.getByRole('article', { name: TOOLS.drill });
      await expect(product).toBeVisible();
      await expect(product.getByText('SKU')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeVisible();
      await hydrated(page);
      await page.screenshot({ path: `/tmp/shots-comforts/tool-${width}.png`, fullPage: true });

      await page.goto('/products/DR-1850');
      await expect(page.getByRole('article', { name: TOOLS.drill })).toBeVisible();
      await hydrated(page);
      expect(errors, 'console errors on the product and tool pages').toEqual([]);
    });
  });
}
