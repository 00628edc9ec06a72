import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import {
  createAccount,
  createTool,
  deleteTool,
  navbar,
  newUser,
  signInDemoAdmin,
  submitLogin,
  toolInput,
} from './helpers';

// Quick order after a partly refused paste: the box keeps only the refused lines, each refusal names its SKU, and
// fixing the line and sending the box again adds it once, never the accepted lines a second time. (A cart line
// reserves no stock, so these tools may be shared with other specs.)

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('a refused line stays in the box, named by its SKU; fixed and sent again, nothing doubles', async ({
      page,
    }) => {
      const user = newUser('quick');
      await createAccount(page.request, user);
      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname !== '/login');

      if (width === 'phone') await navbar(page).locator('summary').click();
      await navbar(page).getByRole('link', { name: 'Quick order' }).click();
      const box = page.getByLabel('Lines (SKU, quantity)');
      await box.fill('DR-1850, 60\nTM-1008, 50\nSD-1032\t70');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('2 lines added to your cart.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Refused lines' })).toHaveText(
        'TM-1008: You can not order less then minimum quantity (200 pieces)',
      );
      await expect(box).toHaveValue('TM-1008, 50');
      await page.screenshot({ path: `/tmp/shots-comforts/quick-order-refused-${width}.png` });

      await box.fill('TM-1008, 250');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 line added to your cart.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Refused lines' })).toHaveCount(0);
      await expect(box).toHaveValue('');

      await page.getByRole('link', { name: 'View cart' }).click();
      const lines = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
      await expect(lines).toHaveCount(3);
      for (const [sku, quantity] of [
        ['DR-1850', '60'],
        ['TM-1008', '250'],
        ['SD-1032', '70'],
      ] as const) {
        await expect(lines.filter({ hasText: sku }).getByLabel(/Quantity/)).toHaveValue(quantity);
      }
      await page.screenshot({ path: `/tmp/shots-comforts/quick-order-cart-${width}.png` });
    });

    test('line by line: suggestions priced at the typed quantity, a refused row stays, the rest goes in once', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // A tool of its own: other specs order the seeded tools, and 1,000 pieces must still be in stock here.
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const sku = `LK-${randomBytes(4).toString('hex').toUpperCase()}`;
      const toolId = await createTool(
        admin,
        toolInput('lookup', {
          sku,
          price: 89.5,
          min_quantity: 50,
          priceBreaks: [{ minQuantity: 1000, price: 79.9 }],
        }),
      );
      const user = newUser('lookup');
      await createAccount(page.request, user);
      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto('/quick-order');

      const lines = page.getByRole('form', { name: 'Line by line' });
      await lines.getByLabel('Quantity').fill('1000');
      // Part of it, lower-case: a field that already holds a whole SKU offers no suggestion.
      await lines.getByLabel('SKU or name').fill(sku.slice(0, -2).toLowerCase());
      const suggestion = lines.getByRole('button', { name: new RegExp(sku) });
      await expect(suggestion).toContainText('$79.90 each at 1,000 pieces');
      await expect(suggestion).toContainText('in stock');
      await page.screenshot({ path: `/tmp/shots-comforts/lookup-${width}.png`, fullPage: true });
      await suggestion.click();
      await expect(lines.getByLabel('SKU or name')).toHaveValue(sku);
      await expect(lines.getByRole('button', { name: new RegExp(sku) })).toHaveCount(0);

      await lines.getByRole('button', { name: 'Add a line' }).click();
      await lines.getByLabel('SKU or name').nth(1).fill('TM-1008');
      await lines.getByLabel('Quantity').nth(1).fill('10');
      await lines.getByRole('button', { name: 'Add lines to cart' }).click();
      await expect(
        lines.getByText('TM-1008: You can not order less then minimum quantity (200 pieces)'),
      ).toBeVisible();
      await expect(lines.getByLabel('SKU or name')).toHaveCount(1);
      await expect(lines.getByLabel('SKU or name')).toHaveValue('TM-1008');
      await lines.getByLabel('Quantity').fill('200');
      await lines.getByRole('button', { name: 'Add lines to cart' }).click();
      await expect(lines.getByLabel('SKU or name')).toHaveValue('');

      await page.getByRole('link', { name: 'View cart' }).click();
      const cart = page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem');
      await expect(cart).toHaveCount(2);
      await expect(cart.filter({ hasText: sku }).getByLabel(/Quantity/)).toHaveValue('1000');
      await expect(cart.filter({ hasText: 'TM-1008' }).getByLabel(/Quantity/)).toHaveValue('200');
      await deleteTool(admin, toolId);
      await admin.session.dispose();
    });
  });
}
