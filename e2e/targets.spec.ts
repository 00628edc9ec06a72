import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  createAccount,
  findTool,
  navbar,
  newUser,
  requestLogIn,
  submitLogin,
  TOOLS,
  type TestUser,
} from './helpers';

// Every target a finger can hit is at least 44 × 44 px on a 390 px phone (WCAG 2.5.5): each visible a, button,
// checkbox, radio and select, or the label around it, on every page a visitor, a customer and an admin reach.

const PHONE = { width: 390, height: 844 };
const MIN = 44;

type Who = 'signed out' | 'customer' | 'admin';

interface Ids {
  toolId: string;
  sku: string;
  checkoutId: string;
  orderId: string;
}

const PAGES: { who: Who; path: (ids: Ids) => string }[] = [
  { who: 'signed out', path: () => '/' },
  { who: 'signed out', path: () => '/tools' },
  { who: 'signed out', path: () => '/tools?q=wrench' },
  { who: 'signed out', path: ({ sku }) => `/products/${sku}` },
  { who: 'signed out', path: () => '/blog' },
  { who: 'signed out', path: () => '/portfolio' },
  { who: 'signed out', path: () => '/login' },
  { who: 'signed out', path: () => '/signup' },
  { who: 'signed out', path: () => '/forgot-password' },
  { who: 'signed out', path: () => '/email-link' },
  { who: 'signed out', path: () => '/no-such-page' },
  { who: 'customer', path: () => '/' },
  { who: 'customer', path: ({ toolId }) => `/tools/${toolId}` },
  { who: 'customer', path: () => '/cart' },
  { who: 'customer', path: () => '/checkout' },
  { who: 'customer', path: ({ checkoutId }) => `/checkout/${checkoutId}` },
  { who: 'customer', path: () => '/quick-order' },
  { who: 'customer', path: () => '/addreview' },
  { who: 'customer', path: () => '/dashboard' },
  { who: 'customer', path: () => '/dashboard/myorder' },
  { who: 'customer', path: () => '/dashboard/statement' },
  { who: 'customer', path: ({ orderId }) => `/dashboard/orders/${orderId}` },
  { who: 'customer', path: ({ orderId }) => `/dashboard/payment/${orderId}` },
  { who: 'customer', path: () => '/dashboard/quotes' },
  { who: 'customer', path: () => '/dashboard/addreview' },
  { who: 'customer', path: () => '/dashboard/updateprofile' },
  { who: 'admin', path: () => '/dashboard' },
  { who: 'admin', path: () => '/dashboard/manageproduct' },
  { who: 'admin', path: ({ toolId }) => `/dashboard/manageproduct/${toolId}` },
  { who: 'admin', path: () => '/dashboard/manageorder' },
  { who: 'admin', path: ({ orderId }) => `/dashboard/orders/${orderId}` },
  { who: 'admin', path: () => '/dashboard/addproduct' },
  { who: 'admin', path: () => '/dashboard/manageuser' },
  { who: 'admin', path: () => '/dashboard/quotes' },
  { who: 'admin', path: () => '/dashboard/mail' },
  { who: 'admin', path: () => '/dashboard/analytics' },
  { who: 'admin', path: () => '/dashboard/audit' },
];

test.use({ viewport: PHONE, trace: 'off' });
test.describe.configure({ mode: 'parallel' });

let customer: TestUser;
let ids: Ids;

test.beforeAll(async ({ playwright, baseURL }) => {
  customer = newUser('targets');
  const context = await playwright.request.newContext({ baseURL });
  await createAccount(context, customer);
  await requestLogIn(context, customer.email, customer.password);
  const tool = await findTool(context, TOOLS.drill);
  // A cart line and one placed, unpaid checkout: the cart, checkout, order and payment pages all have content.
  expect(
    (
      await context.put(`/api/cart/${tool._id}`, { data: { quantity: tool.min_quantity } })
    ).status(),
  ).toBe(200);
  const placed = await context.post('/api/checkout', {
    data: { address: '1 Target Road', phone: '+1 555 0144' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const checkout = (await placed.json()) as { checkoutId: string; orderIds: string[] };
  await context.put(`/api/cart/${tool._id}`, { data: { quantity: tool.min_quantity } });
  ids = {
    toolId: tool._id,
    sku: tool.sku,
    checkoutId: checkout.checkoutId,
    orderId: checkout.orderIds[0]!,
  };
  await context.dispose();
});

async function signIn(page: Page, who: Who) {
  if (who === 'signed out') return;
  const account = who === 'admin' ? ADMIN : customer;
  await requestLogIn(page.request, account.email, account.password);
}

/** Every visible target smaller than 44 × 44 px whose label (if any) is too, named so the offender can be found. */
const smallTargets = (page: Page, min: number) =>
  page.evaluate((min) => {
    const big = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width >= min - 0.5 && box.height >= min - 0.5;
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Screen-reader-only things (a skip link until focused) are 1 px and clipped: nobody aims at them.
      return (
        box.width > 1 &&
        box.height > 1 &&
        style.visibility !== 'hidden' &&
        (element as HTMLElement).offsetParent !== null &&
        // A closed menu is laid out transparent (it fades in): nobody can aim at it.
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const classes = (element.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" ${Math.round(box.width)}×${Math.round(box.height)}`;
    };
    const targets = document.querySelectorAll(
      'a[href], button, input[type=checkbox], input[type=radio], select, summary',
    );
    return [...targets]
      .filter((element) => shown(element) && !big(element))
      .filter((element) => {
        const label = element.closest('label');
        return !(label && big(label));
      })
      .map(describe);
  }, min);

for (const { who, path } of PAGES) {
  test(`${who}: ${path({ toolId: '{id}', sku: '{sku}', checkoutId: '{id}', orderId: '{id}' })}`, async ({
    page,
  }) => {
    await signIn(page, who);
    const address = path(ids);
    await page.goto(address);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.loading-dots, .loading')).toHaveCount(0, { timeout: 15_000 });
    const small = await smallTargets(page, MIN);
    if (small.length)
      await page.screenshot({
        path: `/tmp/shots-comforts/targets-${who.replace(' ', '-')}${address.replace(/[/?=]/g, '_')}.png`,
        fullPage: true,
      });
    expect(small, `${address} (${who}): targets under ${MIN} px`).toEqual([]);
  });
}

test('a journey from the home page, signed out, to the phone menu and the login form', async ({
  page,
}) => {
  await page.goto('/');
  await navbar(page).locator('summary').click();
  // The menu grows from 95 % as it opens: measure it open.
  await expect(navbar(page).getByRole('link', { name: 'Catalogue' })).toBeVisible();
  await page.waitForTimeout(400);
  expect(await smallTargets(page, MIN), 'home with the menu open').toEqual([]);
  await navbar(page).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL('/tools');
  expect(await smallTargets(page, MIN), 'catalogue').toEqual([]);
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.screenshot({ path: '/tmp/shots-comforts/targets-journey.png' });
});
