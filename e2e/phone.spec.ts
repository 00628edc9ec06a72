import { expect, test, type Page } from '@playwright/test';
import { adminLogin, findTool, payOrder, placeOrder, signedInCustomer, TOOLS } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

/** A control is on screen horizontally, not pushed off to the right. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['getByRole']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

/** Buttons that open a menu: the site menu (a <summary>) or the dashboard drawer. */
const menuControls = (page: Page) =>
  page.locator('summary:visible, button:visible').filter({ hasText: /menu/i });

test('My Orders shows each order as a card with its number, status and actions, no sideways scroll', async ({
  page,
}) => {
  await signedInCustomer(page, 'phone-orders');
  const tool = await findTool(page.request, TOOLS.drill);
  await placeOrder(page, tool);
  const paidId = await placeOrder(page, tool, tool.min_quantity + 1);
  await payOrder(page.request, paidId);

  await page.goto('/dashboard/myorder');
  const cards = page.getByRole('list', { name: 'My orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  const [paid, unpaid] = [cards.nth(0), cards.nth(1)];
  await expect(paid.getByRole('heading')).toHaveText(
    new RegExp(`^#\\d+${TOOLS.drill}SKU [A-Z0-9-]+$`),
  );
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(unpaid.getByText('Unpaid', { exact: true })).toBeVisible();
  await expectOnScreen(page, unpaid.getByRole('button', { name: 'Pay', exact: true }));
  await expectOnScreen(page, unpaid.getByRole('button', { name: 'Cancel', exact: true }));
  await expect(
    unpaid.getByRole('button', { name: 'Pay', exact: true }),
  ).toHaveAccessibleDescription(TOOLS.drill);
  await expectNoSidewaysScroll(page);
  await expect(menuControls(page)).toHaveCount(1);
});

test('All Orders, All Products and All Users fit a phone with their actions visible', async ({
  page,
  browser,
}) => {
  const customer = await browser.newContext();
  const customerPage = await customer.newPage();
  await signedInCustomer(customerPage, 'phone-admin-view');
  const tool = await findTool(customerPage.request, TOOLS.drill);
  const paidId = await placeOrder(customerPage, tool);
  await payOrder(customerPage.request, paidId);
  await customer.close();

  await adminLogin(page);
  await page.goto('/dashboard/manageorder');
  const orders = page.getByRole('list', { name: 'All orders' }).getByRole('listitem');
  await expect(orders.first()).toBeVisible();
  const paid = orders.filter({ hasText: 'phone-admin-view' }).first();
  await expect(paid.getByRole('heading')).toHaveText(
    new RegExp(`^#\\d+${TOOLS.drill}SKU [A-Z0-9-]+$`),
  );
  await expectOnScreen(page, paid.getByRole('button', { name: /Pending/ }));
  await expectNoSidewaysScroll(page);
  await expect(menuControls(page)).toHaveCount(1);

  await page.goto('/dashboard/manageproduct');
  const product = page
    .getByRole('list', { name: 'All products' })
    .getByRole('listitem')
    .filter({ hasText: TOOLS.drill });
  await expectOnScreen(page, product.getByRole('button', { name: `Remove ${TOOLS.drill}` }));
  await expectOnScreen(page, product.getByRole('button', { name: 'Restock' }));
  await expectNoSidewaysScroll(page);

  await page.goto('/dashboard/manageuser?q=phone-admin-view');
  const users = page.getByRole('list', { name: 'All users' }).getByRole('listitem');
  await expect(users.first()).toBeVisible();
  const someone = users.filter({ hasText: 'phone-admin-view' }).first();
  await expectOnScreen(page, someone.getByRole('button', { name: 'Make Admin' }));
  await expectOnScreen(page, someone.getByRole('button', { name: 'Remove' }));
  await expectNoSidewaysScroll(page);
});

test('one menu control a screen: the site menu on public pages, the drawer in the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(menuControls(page)).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  await signedInCustomer(page, 'phone-menu');
  await page.goto('/dashboard');
  await expect(menuControls(page)).toHaveText(['Open dashboard menu']);
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  // The drawer carries the site's pages too, since the navbar has no menu button here.
  const site = page.getByRole('navigation', { name: 'Site' });
  await expect(site.getByRole('link', { name: 'Blogs' })).toBeVisible();
  await site.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL('/portfolio');
});
