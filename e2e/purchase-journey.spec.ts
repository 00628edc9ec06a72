import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiLogIn,
  clickOrderOnHome,
  createAccount,
  dashboardMenu,
  findTool,
  enterCard,
  newUser,
  pieces,
  signedInCustomer,
  submitLogin,
  today,
  toast,
  TOOLS,
} from './helpers';

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const totalOf = (price: number, quantity: number) => Math.round(price * 100 * quantity) / 100;

for (const { label, viewport } of WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the whole purchase: Order → log in → confirm → Pay now → 4242… → receipt → My Orders shows it Paid', async ({
      page,
    }) => {
      const user = newUser('buyer');
      await createAccount(page.request, user);
      const tool = await findTool(page.request, TOOLS.drill);

      await page.goto('/');
      await clickOrderOnHome(page, TOOLS.drill);
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(`/tools/${tool._id}`);

      // The quantity starts at the minimum and the total follows it.
      const main = page.getByRole('main');
      const quantity = main.getByLabel('Quantity (pieces)');
      await expect(quantity).toHaveValue(String(tool.min_quantity));
      await expect(quantity).toHaveAttribute('min', String(tool.min_quantity));
      await expect(quantity).toHaveAttribute('max', String(tool.quantity));
      await expect(
        main.getByText(`Total: ${usd(totalOf(tool.price, tool.min_quantity))}`),
      ).toBeVisible();
      const ordered = tool.min_quantity + 2;
      await quantity.fill(String(ordered));
      await expect(main.getByText(`Total: ${usd(totalOf(tool.price, ordered))}`)).toBeVisible();
      await main.getByLabel('Address').fill('12 Harbour Road, Chattogram');
      await main.getByLabel('Phone Number').fill('+880 1700 000000');
      await main.getByRole('button', { name: 'Confirm Order' }).click();

      await expect(toast(page, `Order is set for ${TOOLS.drill}`)).toBeVisible();
      const placed = main.getByText(/^Order #\d+ for .+ is placed\.$/);
      await expect(placed).toBeVisible();
      const number = /#\d+/.exec((await placed.textContent()) ?? '')![0];
      await expect(main.getByRole('link', { name: 'View my orders' })).toBeVisible();
      await main.getByRole('button', { name: 'Pay now' }).click();

      await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
      await expect(main.getByRole('heading', { name: 'Payment Process' })).toBeVisible();
      await expect(main.getByText(`Order ${number}`, { exact: true })).toBeVisible();
      // The payment page belongs to My Orders in the dashboard menu (a drawer on phones).
      const drawer = page.getByRole('button', { name: 'Open dashboard menu' });
      if (await drawer.isVisible()) await drawer.click();
      await expect(dashboardMenu(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      if (label === 'phone')
        await page.getByRole('button', { name: 'Close dashboard menu' }).click();

      await enterCard(page);

      await expect(main.getByText('Congrats! Your payment is completed.')).toBeVisible();
      const transaction = main.getByText(/^Your transaction Id: pi_test_\S+$/);
      await expect(transaction).toBeVisible();
      const transactionId = /pi_test_\S+/.exec((await transaction.textContent()) ?? '')![0];
      const receipt = main.getByRole('definition');
      await expect(receipt).toHaveText([
        number,
        TOOLS.drill,
        pieces(ordered),
        usd(totalOf(tool.price, ordered)),
        today(),
      ]);
      await expect(page.getByLabel('Card number')).toHaveCount(0);

      await main.getByRole('link', { name: 'Back to My Orders' }).click();
      await expect(page).toHaveURL('/dashboard/myorder');
      // A table row on wide screens, a card on phones: the same facts either way.
      const entry = page
        .getByRole('row')
        .or(page.getByRole('listitem'))
        .filter({ hasText: number });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(today());
      await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
      await expect(entry.getByText('Payment completed')).toBeVisible();
      await expect(entry.getByText(transactionId)).toBeVisible();
      await expect(entry.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}

test('the order form takes address and phone from the profile and can be confirmed at once', async ({
  page,
}) => {
  const user = await signedInCustomer(page, 'profiled');
  const profile = {
    address: '7 Mill Lane, Leeds',
    education: 'BSc',
    institution: 'Leeds',
    phone: '+44 113 000 0000',
    linkedIn: 'https://www.linkedin.com/in/e2e',
  };
  const saved = await page.request.put(`/api/user/${encodeURIComponent(user.email)}`, {
    data: { email: user.email, ...profile },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const tool = await findTool(page.request, TOOLS.drill);
  await page.goto(`/tools/${tool._id}`);

  await expect(page.getByLabel('Address')).toHaveValue(profile.address);
  await expect(page.getByLabel('Phone Number')).toHaveValue(profile.phone);
  const quantity = page.getByLabel('Quantity (pieces)');
  await expect(quantity).toHaveValue(String(tool.min_quantity));
  // The arrows step within [minimum, stock]: never below the minimum.
  await quantity.focus();
  await page.keyboard.press('ArrowDown');
  await expect(quantity).toHaveValue(String(tool.min_quantity));
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue(String(tool.min_quantity + 1));
  await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeEnabled();
});

test('a failed list says what happened and Retry loads it', async ({ page }) => {
  // All Products is read in the browser (My Orders and the cart arrive with the rows the server read).
  await apiLogIn(page, ADMIN.email, ADMIN.password);
  let failures = 0;
  await page.route('**/api/tools', async (route) => {
    if (route.request().method() !== 'GET' || failures++ > 0) return route.continue();
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream down' });
  });

  await page.goto('/dashboard/manageproduct');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('We could not load the products.');
  await expect(alert).toContainText(
    'The shop could not answer just now. Please try again in a moment.',
  );
  await expect(alert).not.toContainText('Request failed');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('row').filter({ hasText: TOOLS.drill })).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(failures).toBe(2);
});

test.describe('a connection that drops while an order is placed', () => {
  async function fillOrder(page: Page) {
    await signedInCustomer(page, 'dropped');
    const tool = await findTool(page.request, TOOLS.drill);
    await page.goto(`/tools/${tool._id}`);
    await page.getByLabel('Address').fill('12 Harbour Road, Chattogram');
    await page.getByLabel('Phone Number').fill('+880 1700 000000');
  }

  test('after the shop took the order: the buyer is told it was placed, with Pay now', async ({
    page,
  }) => {
    await fillOrder(page);
    // The request reaches the shop; its answer is lost on the way back.
    await page.route('**/api/order', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText(/^Order #\d+ for .+ is placed\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
    await expect(toast(page, `Order is set for ${TOOLS.drill}`)).toBeVisible();
  });

  test('before it reached the shop: the buyer is told it was not placed', async ({ page }) => {
    await fillOrder(page);
    await page.route('**/api/order', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'was not placed' })).toHaveText(
      `Your order for ${TOOLS.drill} was not placed: the connection dropped before it reached the shop. Please confirm it again.`,
    );
    await expect(toast(page, `Failed to set order for ${TOOLS.drill}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test('a repeat of an order just placed, lost before the shop: not mistaken for the first', async ({
    page,
  }) => {
    await fillOrder(page);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText(/^Order #\d+ for .+ is placed\.$/)).toBeVisible();
    await page.getByLabel('Address').fill('12 Harbour Road, Chattogram');
    await page.getByLabel('Phone Number').fill('+880 1700 000000');
    await page.route('**/api/order', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page.getByText(/was not placed/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  });

  test('while the shop can not be reached at all: the buyer is told to wait, then learns the outcome', async ({
    page,
  }) => {
    await fillOrder(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'we can not tell yet' });
    await expect(warning).toContainText('we can not tell yet whether your order');
    await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeDisabled();
    await page.context().setOffline(false);
    await warning.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByText(/was not placed/)).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});
