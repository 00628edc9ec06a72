import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import {
  ADMIN,
  createAccount,
  credentialsAccepted,
  dashboardMenu,
  enterCard,
  logIn,
  navbar,
  newUser,
  submitLogin,
  type TestUser,
} from './helpers';
import { linkIn, receivedMail } from './mail';

const QUOTED = { price: '7.25', pieces: 20_000, leadTime: '45' };

/** A tool of this spec's own (20,000 pieces back-order most of it: no other spec's stock moves). */
async function makeTool(admin: APIRequestContext): Promise<{ id: string; name: string }> {
  const name = `E2E Quote Press ${Date.now().toString(36)}`;
  const made = await admin.post('/api/tools', {
    data: {
      name,
      about: 'A bench press made for the quote journey.',
      price: 9.5,
      quantity: 600,
      min_quantity: 10,
      image: '/images/placeholder-tool.svg',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { insertedId: string }).insertedId, name };
}

/** Set-up through the API: the tool, and the customer's cart holding 10 of it. */
async function setUp(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  customer: TestUser,
) {
  const admin = await playwright.request.newContext({ baseURL });
  expect(await credentialsAccepted(admin, ADMIN.email, ADMIN.password)).toBe(true);
  const tool = await makeTool(admin);
  await admin.dispose();
  const buyer = await playwright.request.newContext({ baseURL });
  await createAccount(buyer, customer);
  expect(await credentialsAccepted(buyer, customer.email, customer.password)).toBe(true);
  expect((await buyer.put(`/api/cart/${tool.id}`, { data: { quantity: 10 } })).status()).toBe(200);
  await buyer.dispose();
  return tool;
}

const shoot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    // The dashboard's drawer slides shut when the width crosses its breakpoint: the picture waits for it.
    await page.waitForTimeout(500);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('a quote: requested from the cart, answered lower with a lead time, accepted from the mail, paid, in My Orders at the quoted price', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Two browsers, a mail round trip and six full-page screenshots: 56 s on a busy CI run, past the default minute.
  test.setTimeout(120_000);
  const customer = newUser('quote');
  const tool = await setUp(playwright, baseURL!, customer);

  // The customer, from the home page: the cart, Request a quote for more than the stock, with a message.
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await submitLogin(page, customer.email, customer.password);
  // Back from the login page first: the navbar's cart link is there signed out too (a guest cart).
  await page.waitForURL((url) => url.pathname !== '/login');
  await navbar(page).getByRole('link', { name: /^Cart/ }).click();
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await page.getByLabel(`Pieces of ${tool.name}`).fill(String(QUOTED.pieces));
  await page.getByLabel('Message').fill('<b>Bold?</b> A price for a season of presses, please.');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  const title = page.getByRole('heading', { name: /^Quote Q-\d+/ });
  await expect(title).toContainText('Requested');
  const number = /Q-\d+/.exec((await title.textContent()) ?? '')![0];
  // Markup in a message is text.
  await expect(
    page.getByText('<b>Bold?</b> A price for a season of presses, please.'),
  ).toBeVisible();
  await dashboardMenu(page).getByRole('link', { name: 'My Quotes' }).click();
  await expect(page.getByRole('link', { name: number }).filter({ visible: true })).toBeVisible();

  // The admin, in a browser of their own: Quotes, the quote, a lower price and a lead time, Send.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.email, ADMIN.password);
  await navbar(admin).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(admin).getByRole('link', { name: 'Quotes', exact: true }).click();
  await admin.getByLabel('Customer').fill(customer.email);
  await admin.getByRole('button', { name: 'Filter' }).click();
  await admin.getByRole('link', { name: number }).filter({ visible: true }).click();
  await expect(admin.getByRole('heading', { name: /^Quote Q-\d+/ })).toContainText('Requested');
  await shoot(admin, 'quote-to-answer');
  await admin.getByLabel(`Unit price of ${tool.name} ($)`).fill(QUOTED.price);
  await admin.getByLabel('Lead time (days)').fill(QUOTED.leadTime);
  await admin.getByRole('button', { name: 'Send' }).click();
  await expect(admin.getByRole('heading', { name: /^Quote Q-\d+/ })).toContainText('Answered');
  await adminContext.close();

  // The customer reads the mail, opens the quote from it and accepts with a PO number.
  const mail = await receivedMail(customer.email, `Toolhaus: your quote ${number} is answered`);
  expect(mail.text).toContain(`ready within ${QUOTED.leadTime} days`);
  await page.goto(linkIn(mail, '/dashboard/quotes/'));
  await expect(page.getByRole('heading', { name: /^Quote Q-\d+/ })).toContainText('Answered');
  await shoot(page, 'quote-answered');
  await page.getByLabel('Address').fill('Pier 4, Dock Road, Chattogram');
  await page.getByLabel('Phone Number').fill('+880 1700 000000');
  await page.getByLabel('PO number (optional)').fill('PO-QUOTE-1');
  await page.getByRole('button', { name: 'Accept' }).click();

  // It became a checkout at the quoted price: pay it, then My Orders shows it.
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('PO number: PO-QUOTE-1.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await enterCard(page);
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: tool.name }).filter({ visible: true });
  await expect(row).toContainText(`$${QUOTED.price}`);
  await expect(row).toContainText('$145,000.00');
  await dashboardMenu(page).getByRole('link', { name: 'My Quotes' }).click();
  await page.getByRole('link', { name: number }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { name: /^Quote Q-\d+/ })).toContainText('Accepted');
  await shoot(page, 'quote-accepted');
});
