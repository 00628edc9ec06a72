import { randomBytes } from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

export const ADMIN = { email: 'admin@toolhaus.test', password: 'admin-demo-2022' } as const;

/** Seeded tools (lib/db/seed.ts). Specs that assert stock use a tool no other spec orders: files run in parallel. */
export const TOOLS = {
  hammer: '16 oz Claw Hammer', // order.spec only
  wrench: '10" Adjustable Wrench', // order.spec only
  tape: '8 m Tape Measure', // payment.spec
  pipeWrench: '14" Pipe Wrench', // admin.spec
  drill: '18V Cordless Drill Driver',
  grinder: '125 mm Angle Grinder', // two-factor.spec only (closing an account gives its stock back)
  screwdrivers: '32-piece Screwdriver Set', // hardening.spec only
  saw: '185 mm Circular Saw', // design.spec only
} as const;

/** A fresh account description: every test gets its own user so tests never share state. */
export function newUser(label = 'customer'): TestUser {
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  return {
    name: `E2E ${label} ${suffix}`,
    email: `e2e-${label}-${suffix}@example.com`,
    password: `pw-${suffix}`,
  };
}

/** The navbar: scoped so page content with the same words never matches. */
export const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The Dashboard side menu (a daisyUI drawer). */
export const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

export async function expectSignedIn(page: Page) {
  await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navbar(page).getByRole('link', { name: 'Log In' })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  await expect(navbar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(navbar(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
}

/** The page stores no bearer token: the HttpOnly session cookie alone signs the browser in. */
export async function expectNoStoredToken(page: Page) {
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
}

/** Fill and send the Sign Up card (the caller is on /signup). */
export async function submitSignUp(page: Page, user: TestUser) {
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

async function finishSignUp(page: Page, user: TestUser) {
  await submitSignUp(page, user);
  await page.waitForURL((url) => url.pathname !== '/signup');
  await expectSignedIn(page);
}

/** Sign up through the Sign Up card; ends signed in on the page the form returns to. */
export async function signUp(page: Page, user: TestUser, options: { from?: string } = {}) {
  await page.goto(options.from ? `/signup?from=${encodeURIComponent(options.from)}` : '/signup');
  await finishSignUp(page, user);
}

/** The home page's Log In link, as a person reaches the Login card. */
export async function openLogInFromHome(page: Page) {
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
}

/** Home → Log In → Create New Account → Sign Up; ends signed in. */
export async function signUpFromHome(page: Page, user: TestUser) {
  await openLogInFromHome(page);
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await finishSignUp(page, user);
}

/**
 * An account made as set-up, then Home → Log In; ends signed in. For journeys whose subject is not signing up: a
 * sign-up through the form mails a verification, which counts against the browser's address (20 in 15 minutes,
 * lib/users/mail-requests.ts), and a whole suite of them on a fast machine reaches that limit.
 */
export async function accountLoggedInFromHome(page: Page, user: TestUser) {
  await createAccount(page.request, user);
  await logInFromHome(page, user.email, user.password);
  await expectSignedIn(page);
}

/** Home → Log In → the Login card sent; where it leads is the caller's to check. */
export async function logInFromHome(page: Page, email: string, password: string) {
  await openLogInFromHome(page);
  await submitLogin(page, email, password);
}

/** The navbar's Sign Out; ends signed out. */
export async function signOut(page: Page) {
  await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectSignedOut(page);
}

/** Fill and send the Login card (the caller is on /login). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Log in through the Login card; ends signed in on the page the form returns to. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expectSignedIn(page);
}

export const adminLogin = (page: Page) => logIn(page, ADMIN.email, ADMIN.password);

/**
 * Logs the page in as a new admin of its own, made admin by the demo admin in a separate context. For tests that
 * sign their admin out: signing out ends every session of the account, and other specs use the demo admin.
 */
export async function freshAdminLogin(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<TestUser> {
  const user = newUser('admin');
  await createAccount(page.request, user);
  const demo = await playwright.request.newContext({ baseURL });
  expect(await credentialsAccepted(demo, ADMIN.email, ADMIN.password)).toBe(true);
  const promoted = await demo.put(`/api/user/admin/${encodeURIComponent(user.email)}`);
  expect(promoted.status()).toBe(200);
  await demo.dispose();
  await logIn(page, user.email, user.password);
  return user;
}

/**
 * A client address of its own for a set-up call, so that the per-address limits (20 sign-ups and mailed links in 15
 * minutes) count the journeys, not the set-up. `next start`, which the specs run, keeps a client's X-Forwarded-For;
 * `npm start` would not (server/forwarded-headers.mjs).
 */
export const setUpClient = () => ({
  'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
});

/** Creates an account through the API (setup only, where signing up is not the journey under test). */
export async function createAccount(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/signup', { data: user, headers: setUpClient() });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Signs the page's browser context in without the UI: Auth.js's credentials callback sets the session cookie,
 * which page.request shares with the page.
 */
export async function apiLogIn(page: Page, email: string, password: string) {
  expect(await credentialsAccepted(page.request, email, password)).toBe(true);
}

/** AUTH_SECRET of scripts/e2e-server.mjs and scripts/quality-server.mjs (override with QUALITY_AUTH_SECRET). */
export const SERVER_AUTH_SECRET =
  process.env.QUALITY_AUTH_SECRET ?? 'e2e-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** Auth.js's session cookie name over plain http (the e2e servers run on http://localhost). */
export const SESSION_COOKIE = 'authjs.session-token';

/** Signs a request context in over HTTP: the credentials callback sets the session cookie in its jar. */
export async function requestLogIn(request: APIRequestContext, email: string, password: string) {
  expect(await credentialsAccepted(request, email, password), `sign-in of ${email}`).toBe(true);
  const cookies = (await request.storageState()).cookies;
  expect(cookies.some((cookie) => cookie.name === SESSION_COOKIE)).toBe(true);
}

/** An account and a request context of its own signed in as it (the session cookie only, no bearer token). */
export type SignedIn = TestUser & { session: APIRequestContext };

export async function signedInRequest(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  user: TestUser,
): Promise<SignedIn> {
  const session = await playwright.request.newContext({ baseURL });
  await requestLogIn(session, user.email, user.password);
  return { ...user, session };
}

/** A new customer account, signed in in a request context of its own. */
export async function newSignedIn(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  label: string,
): Promise<SignedIn> {
  const user = newUser(label);
  const anonymous = await playwright.request.newContext({ baseURL });
  await createAccount(anonymous, user);
  await anonymous.dispose();
  return signedInRequest(playwright, baseURL, user);
}

export const signInDemoAdmin = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) =>
  signedInRequest(playwright, baseURL, { name: 'Demo Admin', ...ADMIN });

type ToolInput = {
  name: string;
  about: string;
  price: number;
  quantity: number;
  min_quantity: number;
  image: string;
  sku?: string;
  priceBreaks?: { minQuantity: number; price: number }[];
};

/** A tool for a spec to create and remove again; a unique name. */
export const toolInput = (label: string, overrides: Partial<ToolInput> = {}): ToolInput => ({
  name: `E2E ${label} ${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
  about: 'A tool made by an end-to-end spec; it is removed again when the spec is done with it.',
  price: 2.5,
  quantity: 100_000,
  min_quantity: 1,
  image: '/images/placeholder-tool.svg',
  ...overrides,
});

export async function createTool(admin: Pick<SignedIn, 'session'>, input: ToolInput) {
  const response = await admin.session.post('/api/tools', { data: input });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

export async function deleteTool(admin: Pick<SignedIn, 'session'>, id: string) {
  const response = await admin.session.delete(`/api/tools/${id}`);
  expect([200, 404], await response.text()).toContain(response.status());
}

/** Whether Auth.js accepts these credentials (checked in a request context of its own). */
export async function credentialsAccepted(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<boolean> {
  const csrf = await request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await request.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken, callbackUrl: '/' },
    maxRedirects: 0,
  });
  return response.status() === 302 && !(response.headers()['location'] ?? '').includes('error');
}

/** A new customer, signed in (through the API) in this page's context. */
export async function signedInCustomer(page: Page, label = 'customer'): Promise<TestUser> {
  const user = newUser(label);
  await createAccount(page.request, user);
  await apiLogIn(page, user.email, user.password);
  return user;
}

export interface ApiTool {
  _id: string;
  sku: string;
  name: string;
  price: number;
  quantity: number;
  min_quantity: number;
  priceBreaks: { minQuantity: number; price: number }[];
}

export async function findTool(request: APIRequestContext, name: string): Promise<ApiTool> {
  const response = await request.get('/api/tools');
  expect(response.ok()).toBe(true);
  const tools = (await response.json()) as ApiTool[];
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`No tool named ${name}`);
  return tool;
}

export const ORDER_CONTACT = { address: '1 Test Street, Testville', phone: '+1 555 0100' };

/** Places an order as the page's signed-in user (POST /api/order shares the page's cookies). */
export const placeOrder = (page: Page, tool: ApiTool, quantity = tool.min_quantity) =>
  orderOver(page.request, tool._id, quantity);

/** Places an order as the signed-in user of this request context; answers its id. */
export async function orderOver(
  request: APIRequestContext,
  toolId: string,
  quantity = 1,
): Promise<string> {
  const response = await request.post('/api/order', {
    data: { toolId, quantity, ...ORDER_CONTACT },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The test gateway's succeeding card (Stripe's 4242…; lib/payments/test-cards.ts) with a valid CVC. */
export const TEST_CARD = { cardNumber: '4242424242424242', cvc: '123' } as const;

/** Pays an order through the API exactly as the checkout does: intent, test card, record the payment. */
export async function payOrder(request: APIRequestContext, orderId: string): Promise<string> {
  const intent = await request.post('/api/create-payment-intent', { data: { orderId } });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await request.post('/api/payments/test/confirm', {
    data: { clientSecret, ...TEST_CARD, expiry: futureExpiry() },
  });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const { id } = (await confirm.json()) as { id: string };
  const record = await request.patch(`/api/order/${orderId}`, {
    data: { transactionId: id, appointment: orderId },
  });
  expect(record.ok(), await record.text()).toBe(true);
  return id;
}

export async function enterCard(page: Page, cardNumber = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel(/Expiry/).fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** "MM/YY" three years ahead. */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** A sonner toast with this text (the sr-only live regions repeat the text, so match the toast itself). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The in-page modal confirmation (components/confirm-dialog.tsx), found by its question. */
export function confirmDialog(page: Page, message: string): Locator {
  return page.getByRole('dialog', { name: message });
}

/** Accepts an open confirmation: its last button (the first one dismisses it). */
export async function acceptConfirmation(page: Page, message: string) {
  const dialog = confirmDialog(page, message);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden();
}

/** Clicks Order on the home page's card of this tool (the caller is on the home page). */
export async function clickOrderOnHome(page: Page, toolName: string) {
  await page
    .getByRole('region', { name: 'Our Available Tools' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: toolName, exact: true }) })
    .getByRole('button', { name: 'Order', exact: true })
    .click();
}

/** Today as the shop writes a date ("Nov 24, 2026", UTC). */
export const today = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());

/** Pieces as the shop writes them: "3,000 pieces". */
export const pieces = (count: number) => `${count.toLocaleString('en-US')} pieces`;

/** "Available quantity: 1,234 pieces" on a tool page, as a number. */
export async function availableQuantity(page: Page): Promise<number> {
  const text = await page.getByText(/^Available quantity: [\d,]+ pieces$/).textContent();
  const match = /([\d,]+)/.exec(text ?? '');
  if (!match) throw new Error(`No available quantity in "${text}"`);
  return Number(match[1]!.replaceAll(',', ''));
}

/** The computed text colour is red-dominant (daisyUI's text-error). */
export async function expectRed(locator: Locator) {
  await expect(locator).toHaveClass(/text-error/);
  const color = await locator.evaluate((element) => {
    const probe = document.createElement('canvas').getContext('2d');
    if (!probe) return [0, 0, 0];
    probe.fillStyle = getComputedStyle(element).color;
    probe.fillRect(0, 0, 1, 1);
    return Array.from(probe.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
  const [red = 0, green = 0, blue = 0] = color;
  expect(red, `text colour rgb(${color.join(',')}) should be red`).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);
}
