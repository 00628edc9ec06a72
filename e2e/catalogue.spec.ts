import { expect, test } from '@playwright/test';
import {
  adminLogin,
  createTool,
  dashboardMenu,
  deleteTool,
  navbar,
  signInDemoAdmin,
  toolInput,
  TOOLS,
} from './helpers';

test('a visitor searches from the navbar with a typo, filters, and opens a tool', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const search = navbar(page).getByRole('search', { name: 'Search tools' });
  await search.getByRole('searchbox').fill('wrech');
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/tools\?q=wrech$/);
  const results = page.getByRole('main').getByRole('article');
  await expect(results.filter({ hasText: TOOLS.wrench })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('match “wrech”');

  const form = page.getByRole('search', { name: 'Search the catalogue' });
  await form.getByLabel('Sort by').selectOption('price-desc');
  await form.getByLabel('In stock only').check();
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    /q=wrech&sort=price-desc&inStock=1|q=wrech&inStock=1&sort=price-desc/,
  );
  const prices = await results.locator('text=/^\\$[\\d,.]+$/').allTextContents();
  const values = prices.map((price) => Number(price.replace(/[$,]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  await results
    .filter({ hasText: TOOLS.wrench })
    .getByRole('button', { name: 'Order', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login\?from=%2Ftools%2F/);
});

test('a buyer finds a tool by its part number, typed in lower case', async ({ page }) => {
  await page.goto('/');
  const search = navbar(page).getByRole('search', { name: 'Search tools' });
  await search.getByRole('searchbox').fill('wr-1014');
  await search.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/tools\?q=wr-1014$/);
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first.getByRole('heading', { name: TOOLS.pipeWrench })).toBeVisible();
  await expect(first).toContainText('SKU WR-1014');
});

test('a search that finds nothing says so and offers the whole catalogue', async ({ page }) => {
  await page.goto('/tools?q=zzzzqqqq');
  await expect(page.getByRole('status')).toHaveText('No tools match “zzzzqqqq”.');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: 'Show the whole catalogue' }).click();
  await expect(page).toHaveURL('/tools');
});

test('an admin edits a price in All Products and the home page shows it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await signInDemoAdmin(playwright, baseURL!);
  const input = toolInput('edit', { price: 11.25 });
  const id = await createTool(admin, input);
  try {
    await adminLogin(page);
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Manage All Products' }).click();
    await page.getByRole('link', { name: `Edit ${input.name}` }).click();
    await expect(page).toHaveURL(`/dashboard/manageproduct/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    const price = page.getByLabel('Price', { exact: true });
    await expect(price).toHaveValue('11.25');
    await price.fill('');
    await expect(price).toHaveAccessibleDescription('Price is Required');
    await price.fill('1234.5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL('/dashboard/manageproduct');

    await page.goto('/');
    const card = page
      .getByRole('region', { name: 'Our Available Tools' })
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: input.name, exact: true }) });
    await expect(card).toContainText('$1,234.50');
  } finally {
    await deleteTool(admin, id);
    await admin.session.dispose();
  }
});
