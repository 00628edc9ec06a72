import { expect, test, type Request } from '@playwright/test';
import { dashboardMenu, expectRed, signedInCustomer, toast } from './helpers';

test('the dashboard shows the title, the customer menu and the My Profile card', async ({
  page,
}) => {
  const user = await signedInCustomer(page, 'profile');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();

  await expect(dashboardMenu(page).getByRole('link')).toHaveText([
    'My Profile',
    'My Orders',
    'My Quotes',
    'My Lists',
    'Company',
    'Add My Reviews',
  ]);
  const menu = dashboardMenu(page);
  await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute(
    'href',
    '/dashboard/myorder',
  );
  await expect(menu.getByRole('link', { name: 'Add My Reviews' })).toHaveAttribute(
    'href',
    '/dashboard/addreview',
  );
  for (const adminItem of [
    'Manage All Products',
    'Manage All Orders',
    'Add New Products',
    'Manage All User',
    'Outgoing mail',
  ]) {
    await expect(page.getByRole('link', { name: adminItem })).toHaveCount(0);
  }

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(main.getByText(user.name)).toBeVisible();
  await expect(main.getByText(user.email)).toBeVisible();
  for (const label of ['Education', 'Institute', 'Address', 'Phone', 'LinkedIn']) {
    await expect(main.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(
    main.getByRole('button', { name: 'Update Profile' }).locator('xpath=ancestor::form[1]'),
  ).toHaveAttribute('action', '/dashboard/updateprofile');

  // The menu leads to the customer's pages.
  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/dashboard/myorder');
  await expect(main.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await dashboardMenu(page).getByRole('link', { name: 'Add My Reviews' }).click();
  await expect(page).toHaveURL('/dashboard/addreview');
  await expect(main.getByRole('heading', { name: 'Add your Reviews' })).toBeVisible();
});

test('Update Profile validates every field, then saves and returns to the profile', async ({
  page,
}) => {
  const user = await signedInCustomer(page, 'updater');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page).toHaveURL('/dashboard/updateprofile');

  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(user.name);
  await expect(page.getByLabel('Name', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();

  await page.getByRole('button', { name: 'Update Profile' }).click();
  const required = {
    Address: 'Address is Required',
    Education: 'Education is Required',
    Institution: 'Institution is Required',
    Phone: 'Phone is Required',
    LinkedIn: 'LinkedIn is Required',
  };
  for (const [label, message] of Object.entries(required)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await expectRed(page.getByText(message, { exact: true }));
  }
  await expect(page).toHaveURL('/dashboard/updateprofile');

  const values = {
    Address: '7 Mill Lane, Chattogram',
    Education: 'BSc in Mechanical Engineering',
    Institution: 'Chittagong University of Engineering',
    Phone: '+880 1711 223344',
    LinkedIn: 'https://www.linkedin.com/in/e2e-updater',
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await expect(
      page.getByText(required[label as keyof typeof required], { exact: true }),
    ).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Update Profile' }).click();

  await expect(page).toHaveURL('/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  for (const value of Object.values(values)) {
    await expect(main.getByText(value, { exact: true })).toBeVisible();
  }
});

test('Update Profile without a signed-in user says "No user is logged in"', async ({
  page,
  context,
}) => {
  await signedInCustomer(page, 'signed-out-updater');
  // An answer on its way when the session is ended would bring it back: a session read renews the cookie, and so
  // does a page or a prefetch the proxy sees. Keep count of every call to the server in flight (all but the static
  // files) so that none is left behind.
  const callsInFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/_next/static/')) callsInFlight.add(request);
  });
  const settled = (request: Request) => callsInFlight.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto('/dashboard/updateprofile');
  await expect(page.getByLabel('Address', { exact: true })).toBeEditable();

  // The session ends behind the form's back (its cookie gone).
  await expect(async () => {
    await expect.poll(() => callsInFlight.size).toBe(0);
    await context.clearCookies();
    await expect.poll(() => callsInFlight.size).toBe(0);
    // A cookie is set again only once its answer has been read: let the page finish what it was doing.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    const cookies = await context.cookies();
    expect(cookies.filter(({ name }) => name.includes('session-token'))).toEqual([]);
  }).toPass();

  await page.getByLabel('Address', { exact: true }).fill('7 Mill Lane, Chattogram');
  await page.getByLabel('Education', { exact: true }).fill('BSc');
  await page.getByLabel('Institution', { exact: true }).fill('CUET');
  await page.getByLabel('Phone', { exact: true }).fill('+880 1711 223344');
  await page.getByLabel('LinkedIn', { exact: true }).fill('https://www.linkedin.com/in/nobody');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(toast(page, 'No user is logged in')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/updateprofile');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dashboard menu is a drawer opened by its button', async ({ page }) => {
    await signedInCustomer(page, 'phone');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();

    const myOrders = page.locator('#dashboard-menu').getByText('My Orders', { exact: true });
    await expect(myOrders).toBeHidden();

    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(myOrders).toBeVisible();
    await expect(dashboardMenu(page).getByRole('link')).toHaveText([
      'My Profile',
      'My Orders',
      'My Quotes',
      'My Lists',
      'Company',
      'Add My Reviews',
    ]);
    await myOrders.click();

    await expect(page).toHaveURL('/dashboard/myorder');
    await expect(page.getByRole('main').getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(myOrders).toBeHidden();
  });
});
