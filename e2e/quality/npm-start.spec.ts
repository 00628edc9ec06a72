// What only the process `npm start` runs (server/instance.mjs) can show, on a shop of its own: embedded database,
// no AUTH_URL, no proxy in front (TRUSTED_PROXIES=0). The client's address is the TCP peer whatever it forwards,
// the sign-up without scripts mails links to the shop's own address, and SIGTERM answers every request that reached
// the server before it. The last test stops the shop.
import http from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCKED_SIGN_IN } from '../../components/auth/sign-in-messages';
import { MAX_FAILURES } from '../../lib/auth/login-attempts';
import { navbar, newUser, submitLogin } from '../helpers';
import { startShop, type ShopProcess } from '../support/shop-process';
import { accessToken, signUp } from '../../scripts/lib/auth-http.mjs';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startShop(
    { AUTH_URL: undefined, SMTP_URL: undefined, TRUSTED_PROXIES: undefined },
    { instance: true },
  );
});

test.afterAll(async () => {
  await shop?.stop();
});

/** The link of the latest mail in the shop's mailbox that mentions this address, waiting for the worker. */
async function mailedLink(email: string, pathPrefix: string): Promise<string> {
  const folder = path.join(shop.dataDir, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The worker creates the folder with the first mail.
        if (!existsSync(folder)) return false;
        const mails = readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.name.endsWith('.eml'))
          .map((entry) => readFileSync(path.join(folder, entry.name), 'utf8'))
          .filter((text) => text.includes(email));
        link = mails
          .flatMap((text) => text.replace(/=\r?\n/g, '').match(/https?:\/\/[^\s"<>]+/g) ?? [])
          .find((url) => url.includes(pathPrefix));
        return link !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${email} with a ${pathPrefix} link` },
    )
    .toBe(true);
  return link!;
}

test('the signed-in reads the server answers without Next keep their answers, refusals and headers', async () => {
  // GET /api/order/{email}, /api/cart and /api/checkout/{id} skip Next's request handling here (lib/signed-in-reads.ts).
  const stamp = Date.now();
  const buyer = {
    name: 'Direct Buyer',
    email: `direct-${stamp}@example.com`,
    password: 'direct-password-1',
  };
  const other = {
    name: 'Direct Other',
    email: `other-${stamp}@example.com`,
    password: 'other-password-1',
  };
  await signUp(shop.base, buyer);
  await signUp(shop.base, other);
  const asBuyer = { authorization: `Bearer ${await accessToken(shop.base, buyer)}` };
  const asOther = { authorization: `Bearer ${await accessToken(shop.base, other)}` };
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.base}${path}`, { headers });
  const send = (path: string, body: object) =>
    fetch(`${shop.base}${path}`, {
      method: 'POST',
      headers: { ...asBuyer, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const [tool] = (await (await get('/api/tools')).json()) as {
    sku: string;
    min_quantity: number;
  }[];
  expect(
    (await send('/api/cart/lines', { lines: [{ sku: tool!.sku, quantity: tool!.min_quantity }] }))
      .status,
  ).toBe(200);
  const cart = await get('/api/cart', asBuyer);
  expect(cart.status).toBe(200);
  expect(cart.headers.get('x-content-type-options')).toBe('nosniff');
  expect(cart.headers.get('x-request-id')).toBeTruthy();
  expect(
    ((await cart.json()) as { lines: { sku: string }[] }).lines.map((line) => line.sku),
  ).toEqual([tool!.sku]);

  const placed = await send('/api/checkout', {
    address: '1 Direct Road, Springfield',
    phone: '+1 555 0100',
  });
  expect(placed.status).toBe(201);
  const { checkoutId } = (await placed.json()) as { checkoutId: string };
  expect(((await (await get('/api/cart', asBuyer)).json()) as { lines: unknown[] }).lines).toEqual(
    [],
  );

  const mine = `/api/order/${encodeURIComponent(buyer.email)}`;
  const orders = await get(mine, asBuyer);
  expect(orders.status).toBe(200);
  expect(((await orders.json()) as { sku: string }[]).map((order) => order.sku)).toEqual([
    tool!.sku,
  ]);
  expect((await get(`/api/checkout/${checkoutId}`, asBuyer)).status).toBe(200);

  // Who may read: nobody signed out, not another customer, nobody with a forged token.
  expect((await get(mine)).status).toBe(401);
  expect((await get(mine, asOther)).status).toBe(403);
  expect((await get(mine, { authorization: 'Bearer forged' })).status).toBe(401);
  expect((await get(`/api/checkout/${checkoutId}`)).status).toBe(401);
  expect((await get(`/api/checkout/${checkoutId}`, asOther)).status).toBe(404);
  expect((await get('/api/checkout/not-an-id', asBuyer)).status).toBe(404);
  // A guest's cart is an empty one, as through Next.
  expect(((await (await get('/api/cart')).json()) as { lines: unknown[] }).lines).toEqual([]);
  // Bad input is the field's 400; a path that does not decode is still proxy.ts's 400.
  const badPage = await get(`${mine}?page=0`, asBuyer);
  expect(badPage.status).toBe(400);
  expect((await get('/api/order/%zz', asBuyer)).status).toBe(400);
});

test("a sign-up without scripts mails its verification link to the shop's own address", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: shop.base, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `no-script-${Date.now()}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill('No Script');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('no-script-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signup');
  await context.close();

  // No AUTH_URL: the address the shop listens on, whatever host the browser named (docs/DECISIONS.md, "Links in mail
  // come from configuration, never from a request").
  expect(new URL(await mailedLink(email, '/verify-email')).origin).toBe(
    `http://localhost:${shop.port}`,
  );
});

const FORGED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };

test('a client can not choose its own address or origin with X-Forwarded-* headers', async ({
  request,
}) => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const response = await request.post(`${shop.base}/api/email-link`, {
      data: { email: `rotating-${i}@example.com` },
      headers: { 'x-forwarded-for': `203.0.113.${i}`, ...FORGED },
    });
    statuses.push(response.status());
  }
  // 20 mailed links per address in 15 minutes, and the three sign-ups above were three of them.
  expect(statuses).toEqual([...Array<number>(17).fill(202), ...Array<number>(8).fill(429)]);

  const sitemap = await (await request.get(`${shop.base}/sitemap.xml`, { headers: FORGED })).text();
  expect(sitemap).toContain(`<loc>${shop.base}/</loc>`);
  const robots = await (await request.get(`${shop.base}/robots.txt`, { headers: FORGED })).text();
  expect(robots).toContain(`Sitemap: ${shop.base}/sitemap.xml`);
});

/** GET on a connection of its own: `connected` once the kernel has it; `answer` is the status or the error. */
function getAlone(url: string) {
  let connected!: () => void;
  const connection = new Promise<void>((resolve) => (connected = resolve));
  const answer = new Promise<number | string>((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', (error) => resolve(error.message));
    });
    req.on('socket', (socket) => socket.once('connect', connected));
    req.on('error', (error) => resolve(error.message));
  });
  return { connection, answer };
}

test('once an account is locked, its sign-ins are refused before Next, and the login page says so as before', async ({
  page,
}) => {
  const user = newUser('locked');
  // Signed up from the IPv6 loopback: the test above spent this address's mailed links (a sign-up mails one).
  const fromAnotherAddress = shop.base.replace(/\/\/[^:/]+/, '//[::1]');
  expect(
    (await page.request.post(`${fromAnotherAddress}/api/signup`, { data: user })).status(),
  ).toBe(201);
  // Someone else's guesses from this address, through Auth.js's own form POST.
  const { csrfToken } = (await (await page.request.get(`${shop.base}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  for (let i = 0; i < MAX_FAILURES; i++) {
    const guess = await page.request.post(`${shop.base}/api/auth/callback/credentials`, {
      form: { csrfToken, email: user.email, password: `guess-${i}-wrong` },
      maxRedirects: 0,
    });
    expect(guess.headers().location).toContain('code=credentials');
  }

  await page.goto(`${shop.base}/`);
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  // The first refusal is Auth.js's, which teaches the instance the lock; the second is answered from memory.
  for (const attempt of ['learns the lock', 'answered early']) {
    await submitLogin(page, user.email, user.password);
    await expect(page.getByText(LOCKED_SIGN_IN), attempt).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.reload();
  }
  await expect
    .poll(() => shop.server.output(400), { message: 'the early refusal in the log' })
    .toMatch(
      /"route":"\/api\/auth\/callback\/credentials","status":200,"count":1,"msg":"early answers"/,
    );
});

test('SIGTERM answers every request that reached the server, then the process exits in time', async () => {
  const child = shop.server.process;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Stopped, the server accepts nothing itself: the kernel completes the 40 connections into the listen backlog,
  // as it does for a server too busy to accept them when the signal comes.
  child.kill('SIGSTOP');
  const requests = Array.from({ length: 40 }, (_, i) =>
    getAlone(`${shop.base}/api/tools?q=drain-${i}`),
  );
  await Promise.all(requests.map((request) => request.connection));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const signalled = Date.now();
  child.kill('SIGTERM');
  child.kill('SIGCONT');

  expect(await Promise.all(requests.map((request) => request.answer))).toEqual(
    Array<number>(40).fill(200),
  );
  expect(await exited).toBe(0);
  // SHUTDOWN_TIMEOUT_SECONDS (10 by default) bounds the whole shutdown.
  expect(Date.now() - signalled).toBeLessThan(10_000);
});
