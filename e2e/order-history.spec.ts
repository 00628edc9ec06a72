import { expect, test } from '@playwright/test';
import { dashboardMenu, findTool, payOrder, placeOrder, signedInCustomer, TOOLS } from './helpers';

test("a customer opens an order's history from My Orders after paying", async ({ page }) => {
  await signedInCustomer(page, 'history');
  const tool = await findTool(page.request, TOOLS.drill);
  const orderId = await placeOrder(page, tool);
  await payOrder(page.request, orderId);

  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
  await page
    .getByRole('link', { name: /^Order #\d+: details and history$/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 2, name: /^Order #\d+$/ })).toBeVisible();
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Order placed');
  await expect(history.getByRole('listitem').nth(0)).toContainText('by the customer');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Payment started');
  await expect(history.getByRole('listitem').nth(2)).toContainText('Paid');
});
