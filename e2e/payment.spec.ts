import { expect, test } from '@playwright/test';
import {
  acceptConfirmation,
  enterCard,
  expectRed,
  findTool,
  placeOrder,
  signedInCustomer,
  toast,
  TOOLS,
} from './helpers';

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('paying an order by card completes it', async ({ page }) => {
  const user = await signedInCustomer(page, 'payer');
  const tool = await findTool(page.request, TOOLS.tape);
  const quantity = tool.min_quantity + 5;
  const orderId = await placeOrder(page, tool, quantity);
  const total = Math.round(tool.price * 100 * quantity) / 100;

  // Reach the payment page the way a customer does: My Orders → Pay.
  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: TOOLS.tape });
  await row.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Payment Process' })).toBeVisible();
  await expect(main.getByText(user.name)).toBeVisible();
  await expect(main.getByText(TOOLS.tape)).toBeVisible();
  await expect(
    main.getByText(`Quantity: ${quantity.toLocaleString('en-US')} pieces`),
  ).toBeVisible();
  await expect(main.getByText(`${usd(tool.price)} per unit`)).toBeVisible();
  await expect(main.getByText(usd(total), { exact: true })).toBeVisible();

  await enterCard(page, '4242 4242 4242 4242');
  await expect(main.getByText('Congrats! Your payment is completed.')).toBeVisible();
  const transaction = main.getByText(/^Your transaction Id: pi_test_\S+$/);
  await expect(transaction).toBeVisible();
  const transactionId = /pi_test_\S+/.exec((await transaction.textContent()) ?? '')?.[0];
  expect(transactionId).toBeTruthy();
  // The receipt replaces the card form: paying twice is never offered.
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);

  await page.goto('/dashboard/myorder');
  const paidRow = page.getByRole('row').filter({ hasText: TOOLS.tape });
  await expect(paidRow.getByText('Payment completed')).toBeVisible();
  await expect(paidRow.getByText(transactionId!)).toBeVisible();
  await expect(paidRow.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(paidRow.getByRole('button', { name: /Cancel/ })).toBeDisabled();
});

test('a declined card shows the card error in red and leaves the order unpaid', async ({
  page,
}) => {
  await signedInCustomer(page, 'declined');
  const tool = await findTool(page.request, TOOLS.tape);
  const orderId = await placeOrder(page, tool);

  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Payment Process' })).toBeVisible();
  await enterCard(page, '4000 0000 0000 0002');

  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toHaveText('Your card was declined.');
  await expectRed(error);
  // Under the card entry, not somewhere else on the page.
  const cardBox = await page.getByLabel('Card number').boundingBox();
  expect((await error.boundingBox())!.y).toBeGreaterThan(cardBox!.y);
  await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: TOOLS.tape });
  await expect(row.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await expect(row.getByText('Payment completed')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Cancel/ })).toBeEnabled();
});

test("another customer's order, its payment page and its history, is not found", async ({
  page,
  browser,
}) => {
  await signedInCustomer(page, 'owner');
  const orderId = await placeOrder(page, await findTool(page.request, TOOLS.tape));

  const stranger = await browser.newPage();
  await signedInCustomer(stranger, 'stranger');
  for (const path of [`/dashboard/payment/${orderId}`, `/dashboard/orders/${orderId}`]) {
    expect((await stranger.goto(path))?.status(), path).toBe(404);
    await expect(stranger.getByRole('heading', { name: 'Error', exact: true })).toBeVisible();
    await expect(stranger.getByText('The Page you are looking is not found')).toBeVisible();
    await expect(stranger.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
    await expect(stranger.getByText(TOOLS.tape)).toHaveCount(0);
  }
  await stranger.context().close();
});

test('a card charged before the shop recorded it keeps the order when the customer cancels', async ({
  page,
}) => {
  await signedInCustomer(page, 'interrupted');
  const tool = await findTool(page.request, TOOLS.tape);
  const orderId = await placeOrder(page, tool);

  // The card is charged, then the connection drops before the payment is recorded on the order.
  await page.route(`**/api/order/${orderId}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.fallback(),
  );
  const recordDropped = page.waitForEvent(
    'requestfailed',
    (request) => request.method() === 'PATCH' && request.url().endsWith(orderId),
  );
  await page.goto(`/dashboard/payment/${orderId}`);
  await enterCard(page, '4242 4242 4242 4242');
  await recordDropped;
  await expect(page.getByText('Congrats! Your payment is completed.')).toHaveCount(0);
  await page.unrouteAll();

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: TOOLS.tape });
  await expect(row.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  await acceptConfirmation(page, 'Are you sure?');
  await expect(toast(page, 'A paid order can not be cancelled')).toBeVisible();
  await expect(row.getByText('Payment completed')).toBeVisible();
  await expect(row.getByText(/pi_test_/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
});
