// The navbar's Log In is in the served HTML of every page, the cached home page included: a visitor without
// scripts and a crawler see it and can follow it. Signed in, the scripts swap it for Dashboard and Sign Out without
// moving anything in the navbar.
import { expect, test, type Page } from '@playwright/test';
import { apiLogIn, createAccount, expectSignedIn, navbar, newUser } from './helpers';

test('the home page as served links to the login page', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>Log In<\/a>/);
});

test('without JavaScript, Log In is on the home page and leads to the login form', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await context.close();
});

/** Sums the layout shifts of anything inside the page's header from the first paint on. */
async function watchHeaderShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { headerShifts: typeof shifts }).headerShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node }[];
      })[]) {
        const header = document.querySelector('header');
        if (entry.sources.some((source) => source.node && header?.contains(source.node))) {
          shifts.total += entry.value;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { headerShifts: { total: number } }).headerShifts.total,
    );
}

for (const width of [1280, 390]) {
  test(`signed in at ${width} px, the navbar shows Dashboard and Sign Out without a layout shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const user = newUser('navbar');
    await createAccount(page.request, user);
    await apiLogIn(page, user.email, user.password);
    const headerShift = await watchHeaderShifts(page);
    await page.goto('/');
    await expectSignedIn(page);
    await expect(navbar(page).getByText('Log In')).toBeHidden();
    // Layout shifts are reported after the frame they happened in.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    expect(await headerShift()).toBe(0);
  });
}
