import { expect, test } from '@playwright/test';
import {
  acceptConfirmation,
  availableQuantity,
  confirmDialog,
  createTool,
  expectRed,
  findTool,
  orderOver,
  pieces,
  placeOrder,
  signedInCustomer,
  signInDemoAdmin,
  toast,
  today,
  toolInput,
  TOOLS,
} from './helpers';

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('a customer opens a tool from the home page Order button', async ({ page }) => {
  const user = await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.hammer);

  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'Our Available Tools' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: TOOLS.hammer, exact: true }) });
  await card.getByRole('button', { name: 'Order', exact: true }).click();

  await expect(page).toHaveURL(`/tools/${tool._id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`Welcome, ${user.name}`)).toBeVisible();
  await expect(main.getByText(user.email)).toBeVisible();
  await expect(main.getByText('We will contact you there if needed')).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: TOOLS.hammer })).toBeVisible();
  await expect(main.getByRole('img', { name: TOOLS.hammer })).toBeVisible();
  await expect(main.getByText(`Available quantity: ${pieces(tool.quantity)}`)).toBeVisible();
  await expect(main.getByText(`Minimum order: ${pieces(tool.min_quantity)}`)).toBeVisible();
  await expect(main.getByText(`${usd(tool.price)} per unit`)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Confirm Order' })).toBeVisible();

  await main.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL('/');
});

test('the order form validates quantity, address and phone', async ({ page }) => {
  await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.wrench);
  await page.goto(`/tools/${tool._id}`);

  const quantity = page.getByLabel('Quantity (pieces)');
  const address = page.getByLabel('Address');
  const phone = page.getByLabel('Phone Number');
  const confirm = page.getByRole('button', { name: 'Confirm Order' });

  // Untouched form: nothing to confirm yet.
  await expect(confirm).toBeDisabled();

  await quantity.fill(String(tool.min_quantity - 1));
  await expect(quantity).toHaveAccessibleDescription(
    'You can not order less then minimum quantity',
  );
  await expectRed(page.getByText('You can not order less then minimum quantity', { exact: true }));
  await expect(confirm).toBeDisabled();

  await quantity.fill(String(tool.quantity + 1));
  await expect(quantity).toHaveAccessibleDescription(
    'You can not order more than available quantity',
  );
  await expect(confirm).toBeDisabled();

  await quantity.fill('');
  await expect(quantity).toHaveAccessibleDescription('Order quantity is Required');
  await expect(page.getByText('Order quantity is Required', { exact: true })).toBeVisible();

  await address.fill('x');
  await address.fill('');
  await expect(address).toHaveAccessibleDescription('Address is Required');
  await expectRed(page.getByText('Address is Required', { exact: true }));

  await phone.fill('1');
  await phone.fill('');
  await expect(phone).toHaveAccessibleDescription('Phone Number is Required');
  await expectRed(page.getByText('Phone Number is Required', { exact: true }));
  await expect(confirm).toBeDisabled();

  await quantity.fill(String(tool.min_quantity));
  await address.fill('12 Harbour Road, Chattogram');
  await expect(confirm).toBeDisabled();
  await phone.fill('+880 1700 000000');
  for (const message of [
    'Order quantity is Required',
    'You can not order less then minimum quantity',
    'You can not order more than available quantity',
    'Address is Required',
    'Phone Number is Required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  }
  await expect(confirm).toBeEnabled();
});

test('placing, listing and cancelling an order updates the stock', async ({ page }) => {
  const user = await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.hammer);
  await page.goto(`/tools/${tool._id}`);

  const before = await availableQuantity(page);
  const ordered = tool.min_quantity + 7;
  await page.getByLabel('Quantity (pieces)').fill(String(ordered));
  await page.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await page.getByLabel('Phone Number').fill('+880 1700 000000');
  await page.getByRole('button', { name: 'Confirm Order' }).click();

  const orderToast = toast(page, `Order is set for ${TOOLS.hammer}`);
  await expect(orderToast).toBeVisible();
  // Toasts sit top right and close by themselves after 5 s.
  const toaster = page.locator('[data-sonner-toaster]');
  await expect(toaster).toHaveAttribute('data-y-position', 'top');
  await expect(toaster).toHaveAttribute('data-x-position', 'right');
  await expect(page.getByText(`Available quantity: ${pieces(before - ordered)}`)).toBeVisible();

  await page.mouse.move(0, 0);
  await expect(orderToast).toBeHidden({ timeout: 9_000 });

  await page.goto('/dashboard/myorder');
  const table = page.getByRole('table');
  // My Orders' columns in their order, with the order (number and date) and its status beside them.
  await expect(table.getByRole('columnheader')).toHaveText(
    // prettier-ignore
    ['Order', 'Name', 'Email', 'Product', 'Price', 'Quantity', 'Total', 'Status', 'Payment', 'Cancel'],
  );
  const row = table.getByRole('row').filter({ hasText: TOOLS.hammer });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([
    // The order's number over the day it was placed, and Order again under them.
    new RegExp(`^#\\d{4,}${today()}Order again$`),
    user.name,
    user.email,
    // The product over the part number it was ordered under.
    `${TOOLS.hammer}SKU ${tool.sku}`,
    usd(tool.price),
    ordered.toLocaleString('en-US'),
    usd(Math.round(tool.price * 100 * ordered) / 100),
    'Unpaid',
    'Pay',
    'Cancel',
  ]);
  const pay = row.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeVisible();
  await expect(pay).toHaveAccessibleDescription(TOOLS.hammer);

  // Cancel asks first; answering no keeps the order.
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = confirmDialog(page, 'Are you sure?');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /Cancel/ }).click();
  await acceptConfirmation(page, 'Are you sure?');
  await expect(row).toHaveCount(0);

  await page.goto(`/tools/${tool._id}`);
  expect(await availableQuantity(page)).toBe(before);
});

test('the total follows the price break the quantity reaches, and the order keeps that price', async ({
  page,
}) => {
  await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.hammer);
  const [first] = tool.priceBreaks;
  expect(first).toBeDefined();
  await page.goto(`/tools/${tool._id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(`SKU ${tool.sku}`)).toBeVisible();
  const pricing = main.getByRole('region', { name: 'Volume pricing' });
  await expect(
    pricing.getByText(
      `${first!.minQuantity.toLocaleString('en-US')}+ pieces: ${usd(first!.price)} each`,
    ),
  ).toBeVisible();

  // One piece below the break: the base price, nothing saved.
  const quantity = main.getByLabel('Quantity (pieces)');
  const below = first!.minQuantity - 1;
  await quantity.fill(String(below));
  await expect(
    main.getByText(`Total: ${usd((Math.round(tool.price * 100) * below) / 100)}`),
  ).toBeVisible();
  await expect(main.getByText(/you save/)).toHaveCount(0);

  // At the break: its price, and what it saves.
  const at = first!.minQuantity;
  const unit = Math.round(first!.price * 100);
  await quantity.fill(String(at));
  await expect(main.getByText(`Total: ${usd((unit * at) / 100)}`)).toBeVisible();
  const saved = ((Math.round(tool.price * 100) - unit) * at) / 100;
  await expect(
    main.getByText(`${usd(first!.price)} each at this quantity: you save ${usd(saved)}`),
  ).toBeVisible();

  await main.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await main.getByLabel('Phone Number').fill('+880 1700 000000');
  await main.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(toast(page, `Order is set for ${TOOLS.hammer}`)).toBeVisible();

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: TOOLS.hammer });
  await expect(row).toContainText(`SKU ${tool.sku}`);
  await expect(row).toContainText(usd(first!.price));
  await expect(row).toContainText(usd((unit * at) / 100));
  // Its stock goes back to the shelf for the other tests of this file.
  await row.getByRole('button', { name: /Cancel/ }).click();
  await acceptConfirmation(page, 'Are you sure?');
  await expect(row).toHaveCount(0);
});

test('a refused order shows "Failed to set order for {tool}"', async ({ page }) => {
  await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.wrench);
  await page.goto(`/tools/${tool._id}`);
  const before = await availableQuantity(page);
  // An order answer without insertedId is a failure (docs/PRODUCT.md, Messages).
  await page.route('**/api/order', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 201, contentType: 'application/json', body: '{}' })
      : route.continue(),
  );
  await page.getByLabel('Quantity (pieces)').fill(String(tool.min_quantity));
  await page.getByLabel('Address').fill('12 Harbour Road, Chattogram');
  await page.getByLabel('Phone Number').fill('+880 1700 000000');
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(toast(page, `Failed to set order for ${TOOLS.wrench}`)).toBeVisible();
  await expect(toast(page, `Order is set for ${TOOLS.wrench}`)).toHaveCount(0);
  expect(await availableQuantity(page)).toBe(before);
});

test('My Orders arrives with its rows: read on the server, it has no loading state', async ({
  page,
}) => {
  await signedInCustomer(page);
  const tool = await findTool(page.request, TOOLS.wrench);
  await placeOrder(page, tool);
  // Whatever the REST list answers later, the page already holds the rows the server read.
  await page.route('**/api/order/*', (route) => route.abort());
  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('row').filter({ hasText: TOOLS.wrench })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status', { name: 'Loading' })).toHaveCount(0);
});

test('My Orders shows a bulk customer 50 orders a page, read on the server page by page', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A tool of the test's own, one piece an order: 51 orders move no other spec's stock.
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const toolId = await createTool(admin, toolInput('bulk orders'));
  await admin.session.dispose();
  await signedInCustomer(page);
  for (let n = 0; n < 51; n++) await orderOver(page.request, toolId, 1);
  await page.goto('/dashboard/myorder');
  const rows = page.getByRole('region', { name: 'My orders' }).getByRole('row');
  await expect(rows).toHaveCount(51); // the header row and 50 orders
  const pages = page.getByRole('navigation', { name: 'Order pages' });
  await expect(pages.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/dashboard/myorder?page=2');
  await expect(rows).toHaveCount(2);
  await expect(pages.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await expect(pages.getByText('Page 2')).toBeVisible();
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL('/dashboard/myorder');
  await expect(rows).toHaveCount(51);
});

test('an unknown tool id shows the not-found page once, inside one navbar and footer', async ({
  page,
}) => {
  await signedInCustomer(page);
  const response = await page.goto('/tools/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Error', exact: true })).toBeVisible();
  await expect(
    page.getByText('The Page you are looking is not found', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});
