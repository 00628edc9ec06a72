import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { encode as encodeSessionCookie } from 'next-auth/jwt';
import { OAuth2Server } from 'oauth2-mock-server';
import { freePort, startShop, type ShopProcess } from './support/shop-process';
import {
  ADMIN,
  SERVER_AUTH_SECRET,
  SESSION_COOKIE,
  dashboardMenu,
  expectSignedIn,
  expectSignedOut,
  findTool,
  logInFromHome,
  navbar,
  newUser,
  openLogInFromHome,
  signOut,
  placeOrder,
  accountLoggedInFromHome,
  TOOLS,
} from './helpers';

// Two-factor journeys: each starts signed out on the home page in a fresh context and clicks
// what a person clicks; codes come from the same TOTP library an authenticator app would use.

/** What the person's authenticator app shows `stepsAhead` steps from now (the shop accepts one step either side). */
function appCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** The code step: the code typed and sent. */
async function verifyCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

const twoFactorCard = (page: Page) =>
  page.getByRole('region', { name: 'Two-factor authentication' });

/** My Profile → Set up two-factor → scan → first code → recovery codes. Answers the secret and the codes. */
async function enrol(page: Page) {
  const card = twoFactorCard(page);
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByLabel('Code').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('The code is not right')).toBeVisible();
  await card.getByLabel('Code').fill(appCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const list = card.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card).toContainText('Two-factor authentication is on. Recovery codes left: 10.');
  return { secret, codes };
}

test('enrol from My Profile, then sign in with password + code, then with a recovery code', async ({
  page,
}) => {
  // Four sign-ins and an enrolment on a shared two-core machine.
  test.setTimeout(120_000);
  const user = newUser('2fa');
  await accountLoggedInFromHome(page, user);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  const { secret, codes } = await enrol(page);

  await signOut(page);

  // Password first: then the code step, and nothing else opens before it.
  await logInFromHome(page, user.email, user.password);
  await expect(page).toHaveURL(/\/two-factor/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectSignedOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/two-factor\?from=%2Fdashboard/);
  expect((await page.request.get(`/api/user/${encodeURIComponent(user.email)}`)).status()).toBe(
    401,
  );
  await verifyCode(page, '123456');
  await expect(page.getByText('The code is not right')).toBeVisible();
  // The code enrolment used can not serve again; the app's next one (one step ahead) can.
  await verifyCode(page, appCode(secret, 1));
  await expect(page).toHaveURL('/dashboard');
  await expectSignedIn(page);

  await signOut(page);

  // A lost phone: a recovery code instead, once.
  await logInFromHome(page, user.email, user.password);
  await expect(page).toHaveURL(/\/two-factor/);
  await verifyCode(page, codes[0]!);
  await expectSignedIn(page);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(twoFactorCard(page)).toContainText('Recovery codes left: 9.');

  await signOut(page);
  await logInFromHome(page, user.email, user.password);
  await expect(page).toHaveURL(/\/two-factor/);
  await verifyCode(page, codes[0]!);
  await expect(page.getByText('The code is not right')).toBeVisible();
  await expectSignedOut(page);
});

test('enrolling in one browser signs the account out of every other browser', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser('2fa');
  await accountLoggedInFromHome(page, user);
  // The same account signed in with the password alone on another device.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logInFromHome(other, user.email, user.password);
  await expectSignedIn(other);

  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await enrol(page);

  // The browser that enrolled stays signed in; the other one is out, and its cookie reads nothing.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expectSignedIn(page);
  expect((await other.request.get(`/api/user/${encodeURIComponent(user.email)}`)).status()).toBe(
    401,
  );
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/login/);
  await otherContext.close();
});

test('close my account from My Profile: signed out, the password no longer works, the stock is back', async ({
  page,
}) => {
  const user = newUser('2fa');
  await accountLoggedInFromHome(page, user);
  const tool = await findTool(page.request, TOOLS.grinder);
  await placeOrder(page, tool);
  const stockAfterOrder = (await (await page.request.get(`/api/tools/${tool._id}`)).json()) as {
    quantity: number;
  };

  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);

  const stock = (await (await page.request.get(`/api/tools/${tool._id}`)).json()) as {
    quantity: number;
  };
  expect(stock.quantity).toBe(stockAfterOrder.quantity + tool.min_quantity);

  await logInFromHome(page, user.email, user.password);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an hour after signing in, closing the account asks for the password first', async ({
  page,
  context,
  baseURL,
}) => {
  const user = newUser('2fa');
  await accountLoggedInFromHome(page, user);
  const profile = await page.request.get(`/api/user/${encodeURIComponent(user.email)}`);
  const { _id: id } = (await profile.json()) as { _id: string };
  // The same session as if it had signed in an hour ago: the server's own secret signs it (the time is in the JWT).
  const staleSession = await encodeSessionCookie({
    token: { sub: id, email: user.email, name: user.name, sv: 0, authAt: Date.now() - 3_600_000 },
    secret: SERVER_AUTH_SECRET,
    salt: SESSION_COOKIE,
  });
  await context.addCookies([{ name: SESSION_COOKIE, value: staleSession, url: baseURL! }]);

  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Please confirm it is you: you signed in more than 10 minutes ago.',
  );
  await expect(dialog.getByRole('button', { name: 'Sign in again instead' })).toBeVisible();
  await dialog.getByLabel('Password').fill('not the password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByText('The password is not right')).toBeVisible();
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);
});

test.describe('a second shop: REQUIRE_ADMIN_2FA=true and a Google stand-in of its own', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let shop: ShopProcess;
  let oidc: OAuth2Server;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    // An identity of this shop only: the main e2e server's Google user is shared by other specs.
    oidc.service.on('beforeTokenSigning', (token) => {
      token.payload.email = 'google.two-factor@example.com';
      token.payload.email_verified = true;
      token.payload.name = 'Google Two-Factor';
    });
    const oidcPort = await freePort();
    await oidc.start(oidcPort, '127.0.0.1');
    oidc.issuer.url = `http://127.0.0.1:${oidcPort}`;
    shop = await startShop({
      REQUIRE_ADMIN_2FA: 'true',
      AUTH_GOOGLE_ID: 'e2e-client',
      AUTH_GOOGLE_SECRET: 'e2e-secret',
      AUTH_GOOGLE_ISSUER: oidc.issuer.url,
    });
  });

  test.afterAll(async () => {
    await shop?.stop();
    await oidc?.stop().catch(() => {});
  });

  test('an admin without two-factor is sent to enrolment first; admin calls answer 403', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: shop.base });
    const page = await context.newPage();
    await logInFromHome(page, ADMIN.email, ADMIN.password);
    await expectSignedIn(page);
    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await dashboardMenu(page).getByRole('link', { name: 'Manage All Products' }).click();
    await expect(page).toHaveURL('/dashboard?twoFactor=required');
    await expect(twoFactorCard(page).getByRole('alert')).toHaveText(
      'This shop requires two-factor authentication for admins. Turn it on to open the admin screens.',
    );
    const refused = await page.request.get('/api/user');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Turn on two-factor authentication on My Profile to use the admin functions',
    );

    await enrol(page);
    await dashboardMenu(page).getByRole('link', { name: 'Manage All Products' }).click();
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(200);
    await context.close();
  });

  test('a Google sign-in asks for the code too', async ({ browser }) => {
    // Auth.js names the callback after the host `next start` reports (localhost): the browser must use the same
    // host, or the provider sends it back to a host without its sign-in cookies.
    const context = await browser.newContext({ baseURL: `http://localhost:${shop.port}` });
    const page = await context.newPage();
    await openLogInFromHome(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expectSignedIn(page);
    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    const { secret } = await enrol(page);
    await signOut(page);

    await navbar(page).getByRole('link', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // Back from the provider on a public page, the session owes its code: Log In leads to the code step.
    await page.waitForURL((url) => url.pathname === '/' && !url.search, { timeout: 30_000 });
    await expectSignedOut(page);
    await navbar(page).getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/two-factor/);
    await verifyCode(page, appCode(secret, 1));
    await expectSignedIn(page);
    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('main').getByText('google.two-factor@example.com')).toBeVisible();
    await context.close();
  });
});
