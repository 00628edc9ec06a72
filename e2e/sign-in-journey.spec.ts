import { expect, test, type Page } from '@playwright/test';
import {
  clickOrderOnHome,
  createAccount,
  expectNoStoredToken,
  expectSignedIn,
  findTool,
  navbar,
  newUser,
  submitLogin,
  submitSignUp,
  TOOLS,
  type TestUser,
} from './helpers';

// Every test starts as a first-time buyer does: a fresh browser context, signed out, on the home page, where the
// Order buttons are in view (and were once prefetched while signed out).

/** Counts the page's document loads and its main frame's navigations (client-side ones included). */
function watchNavigations(page: Page) {
  const counts = { documents: 0, navigations: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counts.documents++;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) counts.navigations++;
  });
  return {
    reset: () => Object.assign(counts, { documents: 0, navigations: 0 }),
    counts,
  };
}

/**
 * The page stays where it is: no further navigation during two seconds once it has loaded. Hydration records the
 * router's state with a same-address history update, which a slow machine can deliver after the content shows;
 * waiting for the network to go quiet first keeps that out of the count (a loop never goes quiet, and fails here).
 */
async function expectSettled(page: Page, watch: ReturnType<typeof watchNavigations>) {
  await page.waitForLoadState('networkidle');
  const before = { ...watch.counts };
  const url = page.url();
  await page.waitForTimeout(2_000);
  expect(watch.counts).toEqual(before);
  expect(page.url()).toBe(url);
}

async function openHome(page: Page) {
  await page.goto('/');
  // Give the client router time to prefetch whatever is in view, as a visitor reading the page would.
  await page.waitForLoadState('networkidle');
}

async function expectOrderForm(page: Page, toolId: string, toolName: string, who: string) {
  await expect(page).toHaveURL(`/tools/${toolId}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: toolName })).toBeVisible();
  await expect(main.getByText(`Welcome, ${who}`)).toBeVisible();
  await expect(main.getByLabel('Quantity (pieces)')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Confirm Order' })).toBeVisible();
}

async function fillLogin(page: Page, user: TestUser) {
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await submitLogin(page, user.email, user.password);
}

for (const { label, viewport } of [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('Order → log in → the order form, in one navigation', async ({ page }) => {
      const user = newUser('journey-login');
      await createAccount(page.request, user);
      const tool = await findTool(page.request, TOOLS.drill);
      const watch = watchNavigations(page);

      await openHome(page);
      await clickOrderOnHome(page, TOOLS.drill);
      await expect(page).toHaveURL(`/login?from=${encodeURIComponent(`/tools/${tool._id}`)}`);
      await page.waitForLoadState('networkidle');

      watch.reset();
      await fillLogin(page, user);
      await expectOrderForm(page, tool._id, TOOLS.drill, user.name);
      await expectSettled(page, watch);
      expect(watch.counts.documents).toBe(1);
      await expectSignedIn(page);
    });
  });
}

test('Order → Create New Account → sign up → the order form', async ({ page }) => {
  const user = newUser('journey-signup');
  const tool = await findTool(page.request, TOOLS.drill);
  const watch = watchNavigations(page);

  await openHome(page);
  await clickOrderOnHome(page, TOOLS.drill);
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await expect(page).toHaveURL(`/signup?from=${encodeURIComponent(`/tools/${tool._id}`)}`);
  await page.waitForLoadState('networkidle');

  watch.reset();
  await submitSignUp(page, user);
  await expectOrderForm(page, tool._id, TOOLS.drill, user.name);
  await expectSettled(page, watch);
  expect(watch.counts.documents).toBe(1);
});

test('Order → Continue with Google → the order form', async ({ page }) => {
  const tool = await findTool(page.request, TOOLS.drill);
  const watch = watchNavigations(page);

  await openHome(page);
  await clickOrderOnHome(page, TOOLS.drill);
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The local OpenID Connect provider approves at once and sends the browser back.
  await expectOrderForm(page, tool._id, TOOLS.drill, 'Google User');
  await expectSettled(page, watch);
});

test('a link to a protected dashboard page → log in → that page', async ({ page }) => {
  const user = newUser('journey-dashboard');
  await createAccount(page.request, user);
  const watch = watchNavigations(page);

  await openHome(page);
  // A payment or My Orders link followed from elsewhere (a bookmark, a mail) while signed out.
  await page.goto('/dashboard/myorder');
  await expect(page).toHaveURL('/login?from=%2Fdashboard%2Fmyorder');
  watch.reset();
  await fillLogin(page, user);
  await expect(page).toHaveURL('/dashboard/myorder');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expectSettled(page, watch);
  expect(watch.counts.documents).toBe(1);
  await expectSignedIn(page);
  await expectNoStoredToken(page);
});

test('Log In → Dashboard link → the dashboard of the signed-in user', async ({ page }) => {
  const user = newUser('journey-dash-link');
  await createAccount(page.request, user);
  const watch = watchNavigations(page);

  await openHome(page);
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await fillLogin(page, user);
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);

  watch.reset();
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
  await expectSettled(page, watch);
});

test('sign out and sign in as someone else in the same tab shows nothing of the first', async ({
  page,
}) => {
  const first = newUser('journey-first');
  const second = newUser('journey-second');
  await createAccount(page.request, first);
  await createAccount(page.request, second);
  const tool = await findTool(page.request, TOOLS.drill);

  await openHome(page);
  await clickOrderOnHome(page, TOOLS.drill);
  await fillLogin(page, first);
  await expectOrderForm(page, tool._id, TOOLS.drill, first.name);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main').getByText(first.email)).toBeVisible();

  await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(navbar(page).getByRole('link', { name: 'Log In' })).toBeVisible();

  await clickOrderOnHome(page, TOOLS.drill);
  await fillLogin(page, second);
  await expectOrderForm(page, tool._id, TOOLS.drill, second.name);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main').getByText(second.email)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`/tools/${tool._id}`);
  await expect(page.getByRole('main').getByText(`Welcome, ${second.name}`)).toBeVisible();
  for (const text of [first.email, first.name]) {
    await expect(page.getByText(text)).toHaveCount(0);
  }
  const html = await page.content();
  expect(html).not.toContain(first.email);
});
