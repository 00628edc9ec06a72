import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import {
  acceptConfirmation,
  adminLogin,
  createAccount,
  enterCard,
  findTool,
  navbar,
  newUser,
  payOrder,
  placeOrder,
  signedInCustomer,
  submitLogin,
  TOOLS,
} from './helpers';

// The design walk: the catalogue is findable, products have public pages, nothing scrolls sideways, a normal walk logs no
// console error, and the main actions are big enough for a finger.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Collects what a person would see as red in the console: errors, failed requests and uncaught exceptions. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  const keep = (message: ConsoleMessage) => {
    if (message.type() === 'error' || /preloaded .* not used/i.test(message.text()))
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  };
  page.on('console', keep);
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The phone header's menu button (a <summary>). */
const menuButton = (page: Page) => navbar(page).locator('summary').filter({ hasText: 'Menu' });

/** Neither the page nor any visible table in it scrolls sideways (a table's frame scrolls on its own). */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const frames = [...document.querySelectorAll<HTMLElement>('[role="region"]')].filter(
      (frame) => frame.offsetParent !== null && frame.scrollWidth > frame.clientWidth,
    );
    return {
      page: root.scrollWidth - root.clientWidth,
      frames: frames.map((frame) => frame.getAttribute('aria-label')),
    };
  });
  expect(overflow.page, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  expect(overflow.frames, `${path}: tables that scroll sideways`).toEqual([]);
}

async function expectTouchTarget(page: Page, locator: ReturnType<Page['getByRole']>) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const name = await locator.evaluate((element) => element.textContent?.trim());
  expect(box.height, `${name} is ${box.height}px tall`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${name} is ${box.width}px wide`).toBeGreaterThanOrEqual(44);
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('the catalogue is reached from the navbar, or the phone menu, and searched there', async ({
      page,
    }) => {
      await page.goto('/');
      if (width === 'phone') {
        await menuButton(page).click();
        await navbar(page).getByRole('link', { name: 'Catalogue' }).click();
      } else {
        await navbar(page).getByRole('link', { name: 'Catalogue' }).click();
      }
      await expect(page).toHaveURL('/tools');
      await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Catalogue' }),
      ).toHaveAttribute('href', '/tools');

      await page.goto('/');
      if (width === 'phone') await menuButton(page).click();
      const search = navbar(page).getByRole('searchbox', { name: 'Search tools' });
      await search.fill('saw');
      await search.press('Enter');
      await expect(page).toHaveURL('/tools?q=saw');
      await expect(
        page
          .getByRole('article')
          .filter({ hasText: TOOLS.saw })
          .getByRole('link', { name: TOOLS.saw }),
      ).toBeVisible();
    });

    test('a tool card opens its public product page; Order logs in first and comes back', async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const tool = await findTool(page.request, TOOLS.saw);
      const user = newUser('product-page');
      await createAccount(page.request, user);

      await page.goto('/');
      const card = page
        .getByRole('region', { name: 'Our Available Tools' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: TOOLS.saw, exact: true }) });
      await card.getByRole('link', { name: TOOLS.saw }).click();

      await expect(page).toHaveURL(`/products/${tool.sku}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: TOOLS.saw })).toBeVisible();
      await expect(main.getByRole('img', { name: TOOLS.saw })).toBeVisible();
      await expect(main.getByText(tool.sku, { exact: true })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Reviews' })).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/products/${tool.sku}$`),
      );
      const product = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
      ) as Record<string, unknown>;
      expect(product).toMatchObject({ '@type': 'Product', name: TOOLS.saw, sku: tool.sku });

      await main.getByRole('button', { name: 'Order', exact: true }).click();
      await expect(page).toHaveURL(/\/login\?from=/);
      await expect(page.getByText(`Log in to order ${TOOLS.saw}`)).toBeVisible();
      await submitLogin(page, user.email, user.password);
      await expect(page).toHaveURL(`/tools/${tool._id}`);
      await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeVisible();
      expect(problems).toEqual([]);
    });

    /** A customer with an unpaid and a paid order: the order pages both walks visit. */
    async function customerWithOrders(page: Page) {
      await signedInCustomer(page, 'no-overflow');
      const tool = await findTool(page.request, TOOLS.saw);
      const unpaid = await placeOrder(page, tool);
      const paid = await placeOrder(page, tool, tool.min_quantity + 1);
      await payOrder(page.request, paid);
      return { tool, unpaid, paid };
    }

    async function expectNoPageScrollsSideways(walker: Page, paths: string[]) {
      for (const path of paths) {
        await walker.goto(path);
        await expect(walker.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
        await walker.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(walker, path);
      }
    }

    // One walk per person: the two together took over a minute on a busy CI run.
    test('no customer dashboard page scrolls sideways', async ({ page }) => {
      const { unpaid, paid } = await customerWithOrders(page);
      await expectNoPageScrollsSideways(page, [
        '/dashboard',
        '/dashboard/myorder',
        '/dashboard/addreview',
        '/dashboard/updateprofile',
        `/dashboard/payment/${unpaid}`,
        `/dashboard/payment/${paid}`,
        `/dashboard/orders/${paid}`,
      ]);
    });

    test('no admin dashboard page scrolls sideways', async ({ page, browser }) => {
      const { tool, paid } = await customerWithOrders(page);
      const admin = await (await browser.newContext({ viewport })).newPage();
      await adminLogin(admin);
      await expectNoPageScrollsSideways(admin, [
        '/dashboard',
        '/dashboard/manageproduct',
        `/dashboard/manageproduct/${tool._id}`,
        '/dashboard/manageorder',
        '/dashboard/addproduct',
        '/dashboard/manageuser',
        '/dashboard/mail',
        `/dashboard/orders/${paid}`,
      ]);
      await admin.context().close();
    });
  });
}

test('a customer walk and an admin walk log no console error', async ({ page, browser }) => {
  // Two people's whole walks, a payment among them: 58 s on a busy CI run, at the edge of the default minute.
  test.setTimeout(120_000);
  const problems = consoleProblems(page);
  const user = newUser('quiet-walk');
  await createAccount(page.request, user);
  const tool = await findTool(page.request, TOOLS.saw);

  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Catalogue' }).click();
  await page
    .getByRole('article')
    .filter({ hasText: TOOLS.saw })
    .getByRole('link', { name: TOOLS.saw })
    .click();
  await expect(page).toHaveURL(`/products/${tool.sku}`);
  await page.getByRole('main').getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(`/tools/${tool._id}`);
  await page.getByLabel('Address').fill('1 Quiet Lane, Leeds');
  await page.getByLabel('Phone Number').fill('+44 113 000 0000');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await enterCard(page);
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByText(/^Please pay/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await page
    .getByRole('link', { name: /details and history/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Order history' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect(problems).toEqual([]);

  const admin = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  const adminProblems = consoleProblems(admin);
  await adminLogin(admin);
  await admin.goto('/dashboard');
  await expect(admin.getByRole('heading', { name: 'Overview' })).toBeInViewport();
  await admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Manage All Orders' })
    .click();
  const row = admin.getByRole('row').filter({ hasText: user.email }).first();
  await expect(row).toContainText('1 Quiet Lane, Leeds');
  await row.getByRole('button', { name: /Pending/ }).click();
  await acceptConfirmation(admin, 'Are you sure?');
  await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
  for (const item of [
    'Manage All Products',
    'Manage All User',
    'Outgoing mail',
    'Add New Products',
  ]) {
    await admin
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: item })
      .click();
    await admin.waitForLoadState('networkidle');
  }
  expect(adminProblems).toEqual([]);
  await admin.context().close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the main actions are at least 44 px, finger-sized', async ({ page }) => {
    await page.goto('/');
    await expectTouchTarget(page, navbar(page).getByRole('link', { name: 'Log In' }));
    await expectTouchTarget(page, menuButton(page));
    const card = page
      .getByRole('region', { name: 'Our Available Tools' })
      .getByRole('article')
      .first();
    await expectTouchTarget(page, card.getByRole('button', { name: 'Order', exact: true }));

    await signedInCustomer(page, 'touch');
    const tool = await findTool(page.request, TOOLS.saw);
    const orderId = await placeOrder(page, tool);
    await page.goto(`/tools/${tool._id}`);
    await expectTouchTarget(page, page.getByRole('button', { name: 'Confirm Order' }));
    await page.goto('/dashboard/myorder');
    const order = page.getByRole('list', { name: 'My orders' }).getByRole('listitem').first();
    await expectTouchTarget(page, order.getByRole('button', { name: 'Pay', exact: true }));
    await expectTouchTarget(page, order.getByRole('button', { name: 'Cancel', exact: true }));
    await page.goto(`/dashboard/payment/${orderId}`);
    await expectTouchTarget(page, page.getByRole('button', { name: 'Pay', exact: true }));
  });
});
