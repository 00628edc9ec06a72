import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminLogin, dashboardMenu, navbar } from './helpers';

// Uploads and analytics from a browser: an admin uploads a product photo and the shop shows it; the analytics page answers a
// chosen range; the audit log shows the price change the admin just made.

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The scope's photo has loaded from an uploaded photo (not the placeholder, not broken). */
async function expectUploadedPhoto(scope: Page | Locator) {
  const photo = scope.locator('img[src^="/api/uploads/"]').first();
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('an admin uploads a photo for a new product; home and tool page show it; the audit log shows its price change', async ({
  page,
}, testInfo) => {
  const name = `E2E Photo Level ${randomBytes(3).toString('hex')}`;
  const file = testInfo.outputPath('level.png');
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f6f9f' } })
    .png()
    .toFile(file);

  await page.goto('/');
  await adminLogin(page);
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Add New Products' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('About', { exact: true }).fill('A 600 mm spirit level with three vials.');
  await page.getByLabel('Price', { exact: true }).fill('24.5');
  await page.getByLabel('Quantity', { exact: true }).fill('500');
  await page.getByLabel('Minimum order quantity', { exact: true }).fill('5');
  // The photo alone is enough: the address stays empty, and its "Image is Required" goes with the upload.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Image is Required')).toBeVisible();
  await page.getByLabel('Or upload a photo').setInputFiles(file);
  await expect(page.getByText('Uploaded: the product shows this photo.')).toBeVisible();
  await expect(page.getByText('Image is Required')).toHaveCount(0);
  await expect(page.getByLabel('Image address', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/dashboard/manageproduct');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const card = page
      .getByRole('region', { name: 'Our Available Tools' })
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expectUploadedPhoto(card);
    await card.screenshot({ path: testInfo.outputPath(`home-card-${viewport.width}.png`) });
    await card.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expectUploadedPhoto(page);
    await page.screenshot({ path: testInfo.outputPath(`tool-page-${viewport.width}.png`) });
  }

  // The price changes; the audit log names who did it, before and after.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto('/dashboard/manageproduct');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await page.getByLabel('Price', { exact: true }).fill('27.75');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL('/dashboard/manageproduct');
  await dashboardMenu(page).getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Action').selectOption({ label: 'Product edited' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=product\.edit/);
  const entry = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: name })
    .first();
  await expect(entry).toContainText('admin@toolhaus.test');
  await expect(entry).toContainText('price: 24.5 → 27.75');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: testInfo.outputPath(`audit-${viewport.width}.png`),
      fullPage: true,
    });
  }
});

test('the analytics page shows a chosen range, its address holding it', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await adminLogin(page);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Sales analytics' })).toBeVisible();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Per', { exact: true }).selectOption('day');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}&interval=day`));
  const perDay = page.getByRole('table', { name: 'Revenue and orders per day' });
  await expect(perDay.getByRole('row')).toHaveCount(15);
  for (const chart of [
    'Revenue per day',
    'Orders per day',
    'Revenue by tool (top 10)',
    'Orders by status',
    'New and returning customers',
  ])
    await expect(page.getByRole('heading', { name: chart })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: testInfo.outputPath(`analytics-${viewport.width}.png`),
      fullPage: true,
    });
  }
});
