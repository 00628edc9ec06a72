import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  adminLogin,
  createTool,
  dashboardMenu,
  deleteTool,
  newSignedIn,
  orderOver,
  payOrder,
  signInDemoAdmin,
  toolInput,
} from './helpers';

test('an admin filters All Orders by status and number, and exports the filtered list as CSV', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const customer = await newSignedIn(playwright, baseURL!, 'all-orders');
  const toolId = await createTool(admin, toolInput('all-orders', { price: 1234.5 }));
  try {
    const unpaid = await orderOver(customer.session, toolId, 2);
    const paid = await orderOver(customer.session, toolId, 3);
    await payOrder(customer.session, paid);
    const number = async (id: string) =>
      ((await (await customer.session.get(`/api/orders/${id}`)).json()) as { number: number })
        .number;
    const [unpaidNumber, paidNumber] = [await number(unpaid), await number(paid)];

    await adminLogin(page);
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Manage All Orders' }).click();
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await filters.getByLabel('Order, checkout or PO number, or email').fill(customer.email);
    await filters.getByLabel('Status').selectOption('to-ship');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/status=to-ship/);
    const table = page.getByRole('table', { name: 'All orders' });
    await expect(table.getByText(`#${paidNumber}`)).toBeVisible();
    await expect(table.getByText(`#${unpaidNumber}`)).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await filters.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^order,placed_at,status,customer,email,product/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain(`${paidNumber},`);
    expect(lines[1]).toContain(',1234.50,3,3703.50,');
  } finally {
    await deleteTool(admin, toolId);
    await admin.session.dispose();
    await customer.session.dispose();
  }
});
