import { expect, test, type Page } from '@playwright/test';
import { navbar, newUser, signUpFromHome, toast } from './helpers';

// The browser holds no bearer token: the HttpOnly session cookie signs it in, so a script injected into a page
// (what an XSS runs) finds no credential to send elsewhere.

/** Everything a script of the page can read: both storages and the cookies it can see. */
const readableByScripts = (page: Page) =>
  page.evaluate(() => {
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((key) => [
        key,
        storage.getItem(key) ?? '',
      ]);
    return {
      localStorage: entries(window.localStorage),
      sessionStorage: entries(window.sessionStorage),
      cookie: document.cookie,
    };
  });

const JWT = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;
const CREDENTIAL_NAME = /token|session|auth|bearer|jwt/i;

test('signed up and signed in, no script of the page can read a credential', async ({ page }) => {
  const sentBearer: string[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization) sentBearer.push(request.url());
  });

  const user = newUser('no-credential');
  await signUpFromHome(page, user);
  await expect(page).toHaveURL('/');

  // The pages a customer visits, and a write (the profile) made with the cookie alone.
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();
  await expect(page.getByRole('main').getByText(user.name)).toBeVisible();
  await page.goto('/dashboard/updateprofile');
  const profile = {
    Address: '7 Mill Lane, Chattogram',
    Education: 'BSc',
    Institution: 'Chittagong University of Engineering',
    Phone: '+880 1711 223344',
    LinkedIn: 'https://www.linkedin.com/in/no-credential',
  };
  for (const [label, value] of Object.entries(profile)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.goto('/dashboard/myorder');
  await page.goto('/tools');
  await page.waitForLoadState('networkidle');

  const readable = await readableByScripts(page);
  for (const [key, value] of [...readable.localStorage, ...readable.sessionStorage]) {
    expect(key).not.toMatch(CREDENTIAL_NAME);
    expect(value).not.toMatch(JWT);
  }
  expect(readable.cookie).not.toMatch(CREDENTIAL_NAME);
  expect(readable.cookie).not.toMatch(JWT);
  // The session itself is there, out of the scripts' reach.
  const cookies = await page.context().cookies();
  const session = cookies.find(({ name }) => name.endsWith('authjs.session-token'));
  expect(session?.httpOnly).toBe(true);
  expect(sentBearer).toEqual([]);
});
