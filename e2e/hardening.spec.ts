import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import {
  availableQuantity,
  createAccount,
  dashboardMenu,
  expectSignedOut,
  findTool,
  logInFromHome,
  newUser,
  openLogInFromHome,
  signUp,
  submitLogin,
  submitSignUp,
  toast,
  TOOLS,
  pieces,
  SESSION_COOKIE,
} from './helpers';

/** A browser that has the pages' HTML but none of their scripts yet: a slow phone, or scripts blocked. */
async function withoutScripts(context: BrowserContext) {
  await context.route('**/_next/static/**/*.js', (route) => route.abort());
}

/** Every request the page sends, to check afterwards where the password travelled. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

function expectPasswordOnlyInPostBodies(requests: Request[], password: string) {
  for (const request of requests) expect(request.url(), 'a URL').not.toContain(password);
  const carrying = requests.filter((request) => request.postData()?.includes(password));
  expect(carrying.length).toBeGreaterThan(0);
  for (const request of carrying) expect(request.method()).toBe('POST');
}

const hasSession = async (context: BrowserContext) =>
  (await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE);

test('signing up and logging in before the scripts load keeps the password out of every URL', async ({
  browser,
  baseURL,
}) => {
  const user = newUser('noscript');
  const signUpContext = await browser.newContext({ baseURL });
  await withoutScripts(signUpContext);
  const page = await signUpContext.newPage();
  const requests = recordRequests(page);
  await openLogInFromHome(page);
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await submitSignUp(page, user);
  await page.waitForURL((url) => url.pathname === '/');
  expect(await hasSession(signUpContext)).toBe(true);
  expectPasswordOnlyInPostBodies(requests, user.password);
  await signUpContext.close();

  const loginContext = await browser.newContext({ baseURL });
  await withoutScripts(loginContext);
  const loginPage = await loginContext.newPage();
  const loginRequests = recordRequests(loginPage);
  await openLogInFromHome(loginPage);
  await submitLogin(loginPage, user.email, 'not-the-password');
  await expect(loginPage.getByText('Invalid email or password')).toBeVisible();
  expect(await hasSession(loginContext)).toBe(false);
  await submitLogin(loginPage, user.email, user.password);
  await loginPage.waitForURL((url) => url.pathname === '/');
  expect(await hasSession(loginContext)).toBe(true);
  expectPasswordOnlyInPostBodies(loginRequests, user.password);
  await loginContext.close();
});

test('a sign-in form posted from another site is refused', async ({ request }) => {
  const user = newUser('crosssite');
  await createAccount(request, user);
  const login = await (await request.get('/login')).text();
  const action = /name="(\$ACTION_ID_[0-9a-f]+)"/.exec(login)?.[1];
  expect(action, 'the login form posts to a server action').toBeTruthy();
  const response = await request.post('/login', {
    headers: { origin: 'http://evil.example' },
    multipart: { [action!]: '', email: user.email, password: user.password, from: '' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie'] ?? '').not.toContain(SESSION_COOKIE);
});

test('a login address carrying a password is cleaned, never rendered back', async ({ page }) => {
  await page.goto('/');
  await page.goto('/login?email=someone%40example.com&password=leaked-secret-42&from=%2Fblog');
  await expect(page).toHaveURL('/login?from=%2Fblog');
  expect(await page.content()).not.toContain('leaked-secret-42');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('an order whose answer was lost is placed once, and the page finds it', async ({ page }) => {
  const user = newUser('retry');
  await page.goto('/');
  await signUp(page, user);
  const tool = await findTool(page.request, TOOLS.screwdrivers);
  await page.goto(`/tools/${tool._id}`);
  const before = await availableQuantity(page);

  const keys: (string | undefined)[] = [];
  await page.route('**/api/order', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    // The server places the order; the connection dies before the browser hears the answer.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByLabel('Quantity (pieces)').fill(String(tool.min_quantity));
  await page.getByLabel('Address').fill('3 Retry Lane, Testville');
  await page.getByLabel('Phone Number').fill('+1 555 0199');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  // The form asks the shop what became of the order instead of guessing, and finds it placed.
  await expect(toast(page, `Order is set for ${TOOLS.screwdrivers}`)).toBeVisible();

  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  const mine = await page.request.get(`/api/order/${encodeURIComponent(user.email)}`);
  expect(((await mine.json()) as unknown[]).length).toBe(1);
  await page.reload();
  await expect(
    page.getByText(`Available quantity: ${pieces(before - tool.min_quantity)}`),
  ).toBeVisible();
});

test('Sign out everywhere on My Profile ends copied cookies and tokens', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = newUser('everywhere');
  await page.goto('/');
  await signUp(page, user);
  const copied = await playwright.request.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  const profile = `/api/user/${encodeURIComponent(user.email)}`;
  expect((await copied.get(profile)).status()).toBe(200);
  // A bearer token taken with the copied cookie, as an API client would.
  const { token } = await (await copied.put(profile, { data: { email: user.email } })).json();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expectSignedOut(page);

  expect((await copied.get(profile)).status()).toBe(401);
  const anonymous = await playwright.request.newContext({ baseURL });
  expect(
    (await anonymous.get(profile, { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(401);
  await copied.dispose();
  await anonymous.dispose();
});

test('an account created over the API signs in with the form once hydrated, as before', async ({
  page,
}) => {
  const user = newUser('hydrated');
  await createAccount(page.request, user);
  await openLogInFromHome(page);
  const requests = recordRequests(page);
  await submitLogin(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  for (const request of requests) expect(request.url()).not.toContain(user.password);
});

test('a page behind sign-in runs only the scripts carrying its nonce, and works', async ({
  page,
}) => {
  const user = newUser('nonce');
  await createAccount(page.request, user);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await logInFromHome(page, user.email, user.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  const answer = await page.goto('/dashboard');
  const csp = answer!.headers()['content-security-policy']!;
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  expect(nonce).toBeTruthy();
  // Every script of the page carries it; a fresh one on the next load.
  const scripts = await page
    .locator('script:not([type="application/ld+json"])')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
  // Hydrated: a client-side control of the page answers.
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  const again = await page.goto('/dashboard');
  expect(again!.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  expect(violations).toEqual([]);
});

test('every page rendered per request runs scripts by nonce alone; only the cached home page keeps inline scripts', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const scriptSrcOf = async (path: string) => {
    const answer = await page.goto(path);
    expect(answer!.status(), path).toBe(200);
    const csp = answer!.headers()['content-security-policy']!;
    return csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
  };
  const tool = await findTool(page.request, TOOLS.drill);
  for (const path of [
    '/tools',
    `/products/${tool.sku}`,
    '/blog',
    '/portfolio',
    '/login',
    '/signup',
  ]) {
    const scriptSrc = await scriptSrcOf(path);
    expect(scriptSrc, path).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  }
  expect(await scriptSrcOf('/')).toContain("'unsafe-inline'");
  expect(violations).toEqual([]);
});
