import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  apiLogIn,
  clickOrderOnHome,
  createAccount,
  dashboardMenu,
  findTool,
  expectSignedIn,
  logInFromHome,
  navbar,
  newUser,
  toast,
} from './helpers';

const GRINDER = '125 mm Angle Grinder';
const SHOTS = 'test-results/invoices';

/** Both widths of a screen this issue added, for a person to look at. */
async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Log In from the home page, then the Dashboard. */
async function logInToDashboard(page: Page, email: string, password: string) {
  await logInFromHome(page, email, password);
  // The form's own navigation back first: a click on Dashboard during it can be lost.
  await page.waitForURL((url) => url.pathname !== '/login');
  await expectSignedIn(page);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(dashboardMenu(page)).toBeVisible();
}

test('net 30: the admin grants terms, the buyer checks out on invoice and downloads it, the admin records the transfer, the order is paid', async ({
  browser,
}) => {
  // Two people's browsers and a PDF on a shared two-core machine: the first run after a build compiles every page.
  test.setTimeout(120_000);
  const buyer = newUser('terms');
  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await createAccount(page.request, buyer);

  // The admin grants net 30 on All Users.
  await logInToDashboard(admin, ADMIN.email, ADMIN.password);
  await dashboardMenu(admin).getByRole('link', { name: 'Manage All User' }).click();
  await admin.getByRole('searchbox', { name: 'Name, email or company' }).fill(buyer.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const row = admin.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: 'Terms' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Net terms').selectOption('30');
  await dialog.getByLabel('Credit limit (dollars)').fill('100000');
  await screenshots(admin, 'all-users-terms');
  await dialog.getByRole('button', { name: 'Save terms' }).click();
  await expect(toast(admin, 'may pay by invoice')).toBeVisible();
  await expect(row).toContainText('Net 30, limit $100,000.00');

  // The buyer orders from the home page and checks out on invoice.
  await logInToDashboard(page, buyer.email, buyer.password);
  await page.getByLabel('Company name').fill('Harbour Builders Ltd');
  await page.getByLabel('VAT or tax id').fill('BD-VAT-44821');
  await page.getByLabel('Billing address').fill('12 Ledger Lane, Chattogram');
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(toast(page, 'Company details saved')).toBeVisible();
  await navbar(page).getByRole('link', { name: 'Toolhaus' }).click();
  await clickOrderOnHome(page, GRINDER);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, `${GRINDER} is in your cart`)).toBeVisible();
  await navbar(page).getByTestId('cart-count').click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.getByLabel('Address').fill('Pier 4, Dock Road, Chattogram');
  await page.getByLabel('Phone Number').fill('+880 1700 000000');
  await page.getByLabel('PO number (optional)').fill('PO-NET-3000');
  await page.getByLabel('Invoice (net 30)').check();
  await screenshots(page, 'checkout-on-terms');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);

  const invoiceLink = page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}$/ });
  const number = ((await invoiceLink.textContent()) ?? '').replace('Invoice ', '');
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
  const text = execFileSync('pdftotext', ['-layout', (await download.path())!, '-']).toString();
  for (const expected of [
    number,
    'Harbour Builders Ltd',
    'PO number: PO-NET-3000',
    'Terms: net 30 days',
  ])
    expect(text).toContain(expected);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');

  // The admin sees it among the open invoices and records the bank transfer.
  await dashboardMenu(admin).getByRole('link', { name: 'Manage All Orders' }).click();
  const open = admin.getByRole('row').filter({ hasText: number });
  await screenshots(admin, 'open-invoices');
  await open.getByRole('button', { name: 'Record payment' }).click();
  await admin.getByRole('dialog').getByLabel('Bank reference').fill('HARBOUR-TRF-0042');
  await admin.getByRole('dialog').getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(admin, `${number} is paid`)).toBeVisible();

  // The buyer's order shows Paid.
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await screenshots(page, 'my-profile-company');
  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  const group = page.locator('[id^="checkout-"]').filter({ visible: true }).first();
  await expect(group).toContainText('Paid');
  await expect(page.getByRole('link', { name: `Invoice ${number}` }).first()).toBeVisible();
});

test("an admin's Cancel of a part-paid order says what is owed back before asking", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = newUser('part-paid');
  const buyerPage = await browser.newPage();
  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await createAccount(buyerPage.request, buyer);
  await apiLogIn(buyerPage, buyer.email, buyer.password);
  const { _id: buyerId } = (await (
    await buyerPage.request.get(`/api/user/${encodeURIComponent(buyer.email)}`)
  ).json()) as { _id: string };

  // Setup by the API: terms, a checkout on invoice, and a $50 transfer the admin recorded.
  await logInToDashboard(admin, ADMIN.email, ADMIN.password);
  const terms = await admin.request.put(`/api/user/terms/${buyerId}`, {
    data: { netDays: 30, creditLimit: 100000 },
  });
  expect(terms.status()).toBe(200);
  const tool = await findTool(buyerPage.request, GRINDER);
  expect(
    (
      await buyerPage.request.put(`/api/cart/${tool._id}`, {
        data: { quantity: tool.min_quantity },
      })
    ).status(),
  ).toBe(200);
  const placed = await buyerPage.request.post('/api/checkout', {
    data: { address: '1 Dock Rd', phone: '+1 555 0100', paymentMethod: 'invoice' },
  });
  expect(placed.status()).toBe(201);
  const { orderIds } = (await placed.json()) as { orderIds: string[] };
  const { invoiceNumber } = (await (
    await buyerPage.request.get(`/api/orders/${orderIds[0]}`)
  ).json()) as { invoiceNumber: string };
  const transfer = await admin.request.post(`/api/invoices/${invoiceNumber}/payments`, {
    data: { amount: 50, date: new Date().toISOString().slice(0, 10), reference: 'PART-50' },
  });
  expect(transfer.status()).toBe(201);

  await admin.goto(`/dashboard/orders/${orderIds[0]}`);
  await admin.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(
    'The customer already paid $50.00 of its invoice by bank transfer: that is owed back to them once the order is cancelled, beside its credit note. Are you sure?',
  );
  await screenshots(admin, 'admin-cancel-part-paid');
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await admin.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/manageorder$/);
});
