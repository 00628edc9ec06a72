import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  acceptConfirmation,
  confirmDialog,
  adminLogin,
  freshAdminLogin,
  createAccount,
  credentialsAccepted,
  dashboardMenu,
  navbar,
  expectRed,
  findTool,
  newUser,
  payOrder,
  placeOrder,
  signedInCustomer,
  toast,
  TOOLS,
} from './helpers';

/** A customer in a browser context of their own, next to the admin's. */
async function customerContext(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signedInCustomer(page, label);
  return { context, page, user };
}

const usersRow = (page: Page, email: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: email });

test('the admin menu shows the management pages', async ({ page }) => {
  await adminLogin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await expect(dashboardMenu(page).getByRole('link')).toHaveText(
    // prettier-ignore
    ['My Profile', 'Manage All Products', 'Manage All Orders', 'Quotes', 'Add New Products', 'Manage All User',
      'Companies', 'Outgoing mail', 'Analytics', 'Audit log'],
  );
  const menu = dashboardMenu(page);
  for (const [name, href] of [
    ['Manage All Products', '/dashboard/manageproduct'],
    ['Manage All Orders', '/dashboard/manageorder'],
    ['Quotes', '/dashboard/quotes'],
    ['Add New Products', '/dashboard/addproduct'],
    ['Manage All User', '/dashboard/manageuser'],
    ['Outgoing mail', '/dashboard/mail'],
    ['Analytics', '/dashboard/analytics'],
    ['Audit log', '/dashboard/audit'],
  ] as const) {
    await expect(menu.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Add My Reviews' })).toHaveCount(0);
});

test('Add New Product validates, adds the product, and Manage All Products removes it', async ({
  page,
}) => {
  await adminLogin(page);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Add New Products' }).click();
  await expect(page).toHaveURL('/dashboard/addproduct');
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const messages: Array<[string, string]> = [
    ['Name', 'Name is Required'],
    ['About', 'About is Required'],
    ['Price', 'Price is Required'],
    // Quantity and min_quantity say 'Price is Required' too (docs/PRODUCT.md, Validation).
    ['Quantity', 'Price is Required'],
    ['Minimum order quantity', 'Price is Required'],
    ['Image address', 'Image is Required'],
  ];
  for (const [label, message] of messages) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
  }
  await expectRed(page.getByText('Name is Required', { exact: true }));
  await expect(page.getByText('Price is Required', { exact: true })).toHaveCount(3);
  await expect(page).toHaveURL('/dashboard/addproduct');

  const suffix = randomBytes(3).toString('hex');
  const name = `E2E Torque Wrench ${suffix}`;
  const sku = `E2E-TW-${suffix}`.toUpperCase();
  await page.getByLabel('Name', { exact: true }).fill(name);
  // Typed in lower case, kept upper-case.
  await page.getByLabel('SKU', { exact: true }).fill(sku.toLowerCase());
  await page
    .getByLabel('About', { exact: true })
    .fill('A 1/2" drive click torque wrench, 40 to 200 Nm.');
  await page.getByLabel('Price', { exact: true }).fill('54.25');
  await page.getByLabel('Quantity', { exact: true }).fill('300');
  await page.getByLabel('Minimum order quantity', { exact: true }).fill('10');
  await page
    .getByLabel('Image address', { exact: true })
    .fill('/images/tools/adjustable-wrench.svg');

  // Two price breaks; a break that costs no less than the base price is refused on its field.
  await page.getByRole('button', { name: 'Add price break' }).click();
  await page.getByLabel('Break 1: from (pieces)').fill('50');
  await page.getByLabel('Break 1: price each').fill('54.25');
  await expect(page.getByLabel('Break 1: price each')).toHaveAccessibleDescription(
    'Each break must cost less than the base price',
  );
  await page.getByLabel('Break 1: price each').fill('51');
  await page.getByRole('button', { name: 'Add price break' }).click();
  await page.getByLabel('Break 2: from (pieces)').fill('200');
  await page.getByLabel('Break 2: price each').fill('48.5');
  await page.getByRole('button', { name: 'Add Product' }).click();

  await expect(page).toHaveURL('/dashboard/manageproduct');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  const row = page.getByRole('table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$54.25 per unit');
  await expect(row).toContainText('300 pieces');
  await expect(row).toContainText(`SKU ${sku}`);

  // On the home page it is one of the tools on offer, with its part number; its page shows the breaks.
  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'Our Available Tools' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toContainText(`SKU ${sku}`);
  await card.getByRole('button', { name: 'Order', exact: true }).click();
  const pricing = page.getByRole('region', { name: 'Volume pricing' });
  await expect(pricing.getByRole('listitem')).toHaveCount(3);
  for (const line of [
    '10+ pieces: $54.25 each',
    '50+ pieces: $51.00 each',
    '200+ pieces: $48.50 each',
  ])
    await expect(pricing.getByText(line, { exact: true })).toBeVisible();

  await page.goto('/dashboard/manageproduct');
  await row.getByRole('button', { name: /Remove/ }).click();
  await acceptConfirmation(page, `Are you sure you want to remove ${name}?`);
  await expect(row).toHaveCount(0);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Our Available Tools' }).getByText(name),
  ).toHaveCount(0);
});

test('All Orders shows Unpaid, Pending and Shipped', async ({ page, browser }) => {
  const customer = await customerContext(browser, 'orders');
  try {
    const tool = await findTool(customer.page.request, TOOLS.pipeWrench);
    const unpaidId = await placeOrder(customer.page, tool, tool.min_quantity);
    const paidId = await placeOrder(customer.page, tool, tool.min_quantity + 1);
    await payOrder(customer.page.request, paidId);
    expect(unpaidId).not.toBe(paidId);

    await adminLogin(page);
    await page.goto('/dashboard/manageorder');
    await expect(page.getByRole('heading', { name: 'All Orders' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(
      // prettier-ignore
      ['#', 'Order', 'Name', 'Email', 'Product', 'Price', 'Quantity', 'Total', 'Due', 'Status'],
    );
    const rows = table.getByRole('row').filter({ hasText: customer.user.email });
    await expect(rows).toHaveCount(2);
    const unpaid = rows.filter({
      has: page.getByRole('cell', { name: String(tool.min_quantity), exact: true }),
    });
    const paid = rows.filter({
      has: page.getByRole('cell', { name: String(tool.min_quantity + 1), exact: true }),
    });
    await expect(unpaid).toContainText(customer.user.name);
    await expect(unpaid).toContainText(TOOLS.pipeWrench);
    await expect(unpaid.getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(unpaid.getByRole('button', { name: /Pending/ })).toHaveCount(0);

    const pending = paid.getByRole('button', { name: /Pending/ });
    await expect(pending).toHaveText('Pending');
    await expect(pending).toHaveAccessibleName(/^Pending: mark order #\d+ shipped$/);
    await expect(pending).toHaveAccessibleDescription('Marks it shipped');
    await pending.click();
    await expect(confirmDialog(page, 'Are you sure?')).toHaveAccessibleName(
      /^Mark order #\d+ shipped\? Are you sure\?$/,
    );
    await acceptConfirmation(page, 'Are you sure?');
    await expect(paid.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(paid.getByRole('button', { name: /Pending/ })).toHaveCount(0);

    await page.reload();
    await expect(paid.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(unpaid.getByText('Unpaid', { exact: true })).toBeVisible();
  } finally {
    await customer.context.close();
  }
});

test('All Users: make a user admin after confirmation', async ({ page }) => {
  const user = newUser('promoted');
  await createAccount(page.request, user);
  await adminLogin(page);
  await page.goto(`/dashboard/manageuser?q=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(
    // prettier-ignore
    ['#', 'Name', 'Email', 'Company', 'Verified', 'Admin', 'Terms', 'Access', 'Remove'],
  );

  const row = usersRow(page, user.email);
  await expect(row).toContainText(user.name);
  await expect(row.getByRole('cell').nth(3)).toHaveText('No');
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await acceptConfirmation(page, 'This user will have Admin power!!!');

  const already = row.getByRole('button', { name: 'Already Admin' });
  await expect(already).toBeVisible();
  await expect(already).toBeDisabled();
  await page.screenshot({ path: '/tmp/shots-comforts/all-users-desktop.png' });
  // On a phone each user is a card: Disable and Remove on a row of their own, behind a rule.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'All users' }).getByRole('listitem').first();
  await expect(card.getByRole('button', { name: 'Remove' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-comforts/all-users-phone.png', fullPage: true });
  await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
});

test('All Users: remove a user after confirmation', async ({ page, request }) => {
  const user = newUser('removed');
  await createAccount(page.request, user);
  await adminLogin(page);
  await page.goto(`/dashboard/manageuser?q=${encodeURIComponent(user.email)}`);

  const row = usersRow(page, user.email);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Remove' }).click();
  await acceptConfirmation(page, `Are you sure you want to remove ${user.name}?`);
  await expect(row).toHaveCount(0);
  await expect(toast(page, /removed/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  await expect(usersRow(page, user.email)).toHaveCount(0);
  // The removed account can no longer sign in.
  expect(await credentialsAccepted(request, user.email, user.password)).toBe(false);
});

test('a refused Make Admin says "Only an admin make make another admin"', async ({ page }) => {
  const user = newUser('refused-promotion');
  await createAccount(page.request, user);
  await adminLogin(page);
  // As if this admin had lost the role meanwhile: the server answers 403.
  await page.route('**/api/user/admin/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'forbidden', message: 'Forbidden' } }),
        })
      : route.continue(),
  );
  await page.goto(`/dashboard/manageuser?q=${encodeURIComponent(user.email)}`);
  const row = usersRow(page, user.email);
  await row.getByRole('button', { name: 'Make Admin' }).click();
  await acceptConfirmation(page, 'This user will have Admin power!!!');
  await expect(toast(page, 'Only an admin make make another admin')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make Admin' })).toBeVisible();
});

// The list is read on the server (its page guard sends an ended session to /login); a call from the list that finds
// the session ended does the same.
test('a user-list call refused for an ended session signs the admin out and sends them to /login', async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = newUser('not-promoted');
  await createAccount(page.request, user);
  await freshAdminLogin(page, playwright, baseURL!);
  await page.route('**/api/user/admin/*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unauthorized', message: 'Sign in first' } }),
    }),
  );
  await page.goto('/dashboard/manageuser');
  await page.getByRole('searchbox', { name: 'Name, email or company' }).fill(user.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await usersRow(page, user.email).getByRole('button', { name: 'Make Admin' }).click();
  await acceptConfirmation(page, 'This user will have Admin power!!!');
  await expect(page).toHaveURL('/login');
  await expect(navbar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  // Signed out for real, not only in this tab's state.
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?from=%2Fdashboard');
});

// Which page sends whom where: e2e/quality/protected-pages.spec.ts. Here: what the customer sees on arrival.
test('a customer sent back from an admin page sees My Profile and no admin menu', async ({
  page,
}) => {
  await signedInCustomer(page, 'not-admin');
  await page.goto('/dashboard/manageuser');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Users' })).toHaveCount(0);
  await expect(dashboardMenu(page).getByRole('link', { name: 'Manage All User' })).toHaveCount(0);
});
