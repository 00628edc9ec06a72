import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  createTool,
  deleteTool,
  navbar,
  newUser,
  requestLogIn,
  signInDemoAdmin,
  submitLogin,
  submitSignUp,
  toast,
  toolInput,
  type SignedIn,
} from './helpers';

// A cart filled before signing in, brought along by signing up or logging in (summed within the stock), and saved
// lists: a product added to a list, the cart saved as a list, a list ordered whole and in part. From the home page,
// signed out, at both widths. Each test has its own tools (a cart line reserves no stock, but the cap needs a known
// stock), removed after.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-lists';

let admin: SignedIn;
const made: string[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await signInDemoAdmin(playwright, baseURL!);
});
test.afterAll(async () => {
  for (const id of made) await deleteTool(admin, id);
  await admin.session.dispose();
});

async function freshTool(label: string, quantity: number, minQuantity: number) {
  const input = toolInput(label, { quantity, min_quantity: minQuantity, price: 12.5 });
  const id = await createTool(admin, input);
  made.push(id);
  const tool = (await (await admin.session.get(`/api/tools/${id}`)).json()) as { sku: string };
  return { id, name: input.name, sku: tool.sku };
}

/** Home → the navbar's search → the tool's card → its product page. */
async function openProductFromHome(page: Page, width: string, name: string) {
  await page.goto('/');
  if (width === 'phone') await navbar(page).locator('summary').filter({ hasText: 'Menu' }).click();
  const search = navbar(page).getByRole('searchbox', { name: 'Search tools' });
  await search.fill(name);
  await search.press('Enter');
  await page.getByRole('article').filter({ hasText: name }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addToCartOnProductPage(page: Page, name: string, quantity: number) {
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(toast(page, `${name} is in your cart`)).toBeVisible();
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

const cartLine = (page: Page, sku: string) =>
  page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem').filter({ hasText: sku });

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('a cart filled signed out comes along when signing up', async ({ page }) => {
      const tool = await freshTool(`guest ${width}`, 500, 10);
      await openProductFromHome(page, width, tool.name);
      // A quantity under the minimum is refused in the order form's words, and nothing goes in.
      await page.getByLabel('Quantity', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expect(page.getByText('You can not order less then minimum quantity')).toBeVisible();
      await addToCartOnProductPage(page, tool.name, 30);
      await expect(page.getByText('Log in to save it to a list.')).toBeVisible();
      await expect(navbar(page).getByTestId('cart-count')).toHaveText('1');
      await page.screenshot({ path: `${SHOTS}/product-signed-out-${width}.png`, fullPage: true });

      // Quick order works signed out too, adding to the line.
      if (width === 'phone')
        await navbar(page).locator('summary').filter({ hasText: 'Menu' }).click();
      await navbar(page).getByRole('link', { name: 'Quick order' }).click();
      await page.getByLabel('Lines (SKU, quantity)').fill(`${tool.sku}, 10`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 line added to your cart.')).toBeVisible();
      await page.getByRole('link', { name: 'View cart' }).click();
      await expect(page).toHaveURL('/cart');
      await expect(cartLine(page, tool.sku).getByLabel(/Quantity/)).toHaveValue('40');
      await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/cart-signed-out-${width}.png`, fullPage: true });
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Create an account' }).click();
      await submitSignUp(page, newUser(`guest-${width}`));
      await page.waitForURL('/cart');
      const notice = page.getByTestId('cart-merge-notice');
      await expect(notice).toContainText('We added the cart you filled before signing in');
      await expect(notice).toContainText(`${tool.name} (SKU ${tool.sku}): 40 pieces`);
      await expect(cartLine(page, tool.sku).getByLabel(/Quantity/)).toHaveValue('40');
      await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cart-merged-signup-${width}.png`, fullPage: true });
      // Once: a reload merges nothing more.
      await page.reload();
      await expect(page.getByTestId('cart-merge-notice')).toHaveCount(0);
      await expect(cartLine(page, tool.sku).getByLabel(/Quantity/)).toHaveValue('40');
    });

    test('logging in sums the cart filled signed out with the account’s, within the stock, and says so', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const tool = await freshTool(`merge ${width}`, 100, 10);
      const user = newUser(`merge-${width}`);
      const account = await playwright.request.newContext({ baseURL });
      await createAccount(account, user);
      await requestLogIn(account, user.email, user.password);
      expect((await account.put(`/api/cart/${tool.id}`, { data: { quantity: 70 } })).status()).toBe(
        200,
      );
      await account.dispose();

      await openProductFromHome(page, width, tool.name);
      await addToCartOnProductPage(page, tool.name, 50);
      await navbar(page).getByRole('link', { name: /^Cart/ }).click();
      await page.getByRole('link', { name: 'Log in to check out' }).click();
      await submitLogin(page, user.email, user.password);
      await page.waitForURL('/cart');
      const notice = page.getByTestId('cart-merge-notice');
      await expect(notice.getByRole('heading', { name: 'Lowered to the stock' })).toBeVisible();
      await expect(notice).toContainText(
        `${tool.name} (SKU ${tool.sku}): 100 pieces — You can not order more than available quantity (100 pieces left)`,
      );
      await expect(cartLine(page, tool.sku).getByLabel(/Quantity/)).toHaveValue('100');
      await page.screenshot({ path: `${SHOTS}/cart-merged-capped-${width}.png`, fullPage: true });
    });

    test('a product saved to a list, the cart saved as a list, lists ordered whole and in part', async ({
      page,
    }) => {
      const drill = await freshTool(`list drill ${width}`, 1000, 10);
      const saw = await freshTool(`list saw ${width}`, 1000, 5);
      const user = newUser(`lists-${width}`);
      await createAccount(page.request, user);
      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname !== '/login');

      // Add to list from the product page, onto a new list, then onto the same list.
      await openProductFromHome(page, width, drill.name);
      await page.getByLabel('Quantity', { exact: true }).fill('40');
      await page.getByLabel('Save to list').selectOption({ label: 'New list…' });
      await page.getByLabel('New list name').fill(`Site ${width}`);
      await page.getByRole('button', { name: 'Add to list' }).click();
      await expect(page.getByText(`Added to the list “Site ${width}”.`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/product-add-to-list-${width}.png`, fullPage: true });
      await openProductFromHome(page, width, saw.name);
      await page.getByLabel('Quantity', { exact: true }).fill('8');
      await expect(page.getByLabel('Save to list')).toHaveValue(/.+/);
      await page.getByRole('button', { name: 'Add to list' }).click();
      await expect(page.getByText(`Added to the list “Site ${width}”.`)).toBeVisible();
      await page.getByRole('link', { name: 'Open the list' }).click();

      // The list: order one line of two, then all of it.
      await expect(page.getByRole('heading', { name: `Site ${width}` })).toBeVisible();
      const lines = page.getByRole('list', { name: 'List lines' }).getByRole('listitem');
      await expect(lines).toHaveCount(2);
      await lines.filter({ hasText: saw.sku }).getByRole('checkbox').uncheck();
      await page.getByRole('button', { name: 'Add 1 line to cart' }).click();
      await expect(page.getByTestId('list-order-outcome')).toContainText(
        '1 line added to your cart.',
      );
      await page.screenshot({ path: `${SHOTS}/list-ordered-${width}.png`, fullPage: true });
      await expectNoAxeViolations(page);
      await lines.filter({ hasText: saw.sku }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Add all to cart' }).click();
      await expect(page.getByTestId('list-order-outcome')).toContainText(
        '2 lines added to your cart.',
      );

      // The cart holds the drill twice over (added to its line) and the saw; saved as a list of its own.
      await page.getByRole('link', { name: 'Open the cart' }).click();
      await expect(cartLine(page, drill.sku).getByLabel(/Quantity/)).toHaveValue('80');
      await expect(cartLine(page, saw.sku).getByLabel(/Quantity/)).toHaveValue('8');
      await page.getByRole('button', { name: 'Save as list' }).click();
      await page.getByLabel('List name').fill(`Cart ${width}`);
      await page.getByRole('button', { name: 'Save list' }).click();
      await expect(page.getByText(`Saved as the list “Cart ${width}”.`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cart-saved-as-list-${width}.png`, fullPage: true });

      // My Lists has both; the cart's list holds the cart's quantities.
      await page.goto('/dashboard/lists');
      await expect(page.getByRole('link', { name: `Site ${width}` })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/my-lists-${width}.png`, fullPage: true });
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: `Cart ${width}` }).click();
      await expect(
        page
          .getByRole('list', { name: 'List lines' })
          .getByRole('listitem')
          .filter({ hasText: drill.sku })
          .getByLabel('Quantity'),
      ).toHaveValue('80');
    });

    test('an order saved as a list from its page', async ({ page }) => {
      const tool = await freshTool(`order list ${width}`, 1000, 10);
      const user = newUser(`order-list-${width}`);
      await createAccount(page.request, user);
      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      const placed = await page.request.post('/api/order', {
        data: { toolId: tool.id, quantity: 25, address: '1 List Road', phone: '+1 555 0100' },
      });
      expect(placed.status()).toBe(201);
      const { insertedId } = (await placed.json()) as { insertedId: string };

      await page.goto(`/dashboard/orders/${insertedId}`);
      await page.getByRole('button', { name: 'Save as list' }).click();
      await page.getByLabel('List name').fill(`Order ${width}`);
      await page.getByRole('button', { name: 'Save list' }).click();
      await expect(page.getByText(`Saved as the list “Order ${width}”.`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/order-saved-as-list-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Open the list' }).click();
      await expect(
        page
          .getByRole('list', { name: 'List lines' })
          .getByRole('listitem')
          .filter({ hasText: tool.sku })
          .getByLabel('Quantity'),
      ).toHaveValue('25');
    });
  });
}
