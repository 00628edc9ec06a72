import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  adminLogin,
  clickOrderOnHome,
  createAccount,
  enterCard,
  findTool,
  navbar,
  newUser,
  submitLogin,
  toast,
} from './helpers';
import { receivedMail } from './mail';

// An order of two lines from the cart, shipped in part by an admin through the Ship dialog with a tracking number:
// All Orders shows it as one row that fits the screen, and the buyer sees the shipment in My Orders and in the mail.

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const GRINDER = '125 mm Angle Grinder';
const SAW = '185 mm Circular Saw';
const SHOTS = '/tmp/shots-screens';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Neither the page nor anything in it is wider than the window. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

async function addFromHome(page: Page, name: string) {
  await navbar(page).getByRole('link', { name: 'Toolhaus' }).click();
  await clickOrderOnHome(page, name);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, `${name} is in your cart`)).toBeVisible();
}

for (const { label, viewport } of WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport });

    test('an admin ships part of a two-line order with a tracking number; the buyer sees it in My Orders and the mail', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const buyer = newUser('documents');
      await createAccount(page.request, buyer);
      const grinder = await findTool(page.request, GRINDER);

      // The buyer, from the home page signed out: log in, two tools in the cart, check out and pay.
      await page.goto('/');
      await navbar(page).getByRole('link', { name: 'Log In' }).click();
      await submitLogin(page, buyer.email, buyer.password);
      // Signed in and back on the home page before the first tool is opened.
      await expect(navbar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page).not.toHaveURL(/\/login/);
      await addFromHome(page, GRINDER);
      await addFromHome(page, SAW);
      await page.goto('/cart');
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Address').fill('Pier 4, Dock Road, Chattogram');
      await page.getByLabel('Phone Number').fill('+880 1700 000000');
      await page.getByRole('button', { name: 'Place order' }).click();
      const heading = page.getByRole('heading', { level: 1, name: /^Order C-\d+$/ });
      await expect(heading).toBeVisible();
      const number = ((await heading.textContent()) ?? '').replace('Order ', '');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page);
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

      // The admin: All Orders lists the order once, as two lines, with Ship as its next action.
      const tracking = `TRK${randomBytes(4).toString('hex').toUpperCase()}`;
      const adminContext = await browser.newContext({ viewport });
      const admin = await adminContext.newPage();
      try {
        await adminLogin(admin);
        await admin.goto('/dashboard/manageorder');
        await expect(admin.getByRole('heading', { name: 'All Orders' })).toBeVisible();
        const filters = admin.getByRole('search', { name: 'Filter orders' });
        await filters.getByLabel('Order, checkout or PO number, or email').fill(buyer.email);
        await filters.getByRole('button', { name: 'Apply' }).click();
        await expect(admin).toHaveURL(/q=/);
        const rows =
          label === 'desktop'
            ? admin
                .getByRole('table', { name: 'All orders' })
                .getByRole('row')
                .filter({ hasText: buyer.email })
            : admin
                .getByRole('list', { name: 'All orders' })
                .getByRole('listitem')
                .filter({ hasText: buyer.email });
        await expect(rows).toHaveCount(1);
        const row = rows.first();
        await expect(row).toContainText(number);
        await expect(row).toContainText('2 lines');
        const ship = row.getByRole('link', { name: 'Ship', exact: true });
        await ship.scrollIntoViewIfNeeded();
        await expect(ship).toBeInViewport();
        await expectNoSidewaysScroll(admin, viewport.width);
        await shot(admin, `all-orders-${label}`);

        // The order page: its lines, then Ship opens the dialog with what can ship.
        await ship.click();
        await expect(
          admin.getByRole('heading', { level: 2, name: `Order ${number}`, exact: true }),
        ).toBeVisible();
        const dialog = admin.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const grinderField = dialog.getByLabel(new RegExp(`${GRINDER}.*can ship$`));
        const sawField = dialog.getByLabel(new RegExp(`${SAW}.*can ship$`));
        await expect(grinderField).toHaveValue(String(grinder.min_quantity));
        // More than is reserved is refused with the line's reason, and the dialog stays open.
        await grinderField.fill(String(grinder.min_quantity + 1));
        await sawField.fill('0');
        await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
        await expect(dialog.getByRole('alert')).toContainText(
          `${grinder.min_quantity + 1} pieces can not ship, only ${grinder.min_quantity} can`,
        );
        const part = Math.max(1, grinder.min_quantity - 1);
        await grinderField.fill(String(part));
        await dialog.getByLabel('Carrier').fill('DHL');
        await dialog.getByLabel('Tracking number').fill(tracking);
        await shot(admin, `ship-dialog-${label}`);
        await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
        await expect(dialog).toBeHidden();
        const shipments = admin.getByRole('region', { name: 'Shipments' });
        await expect(shipments).toContainText(tracking);
        await expect(shipments).toContainText('DHL');
        await expect(admin.getByRole('region', { name: 'Lines', exact: true })).toBeVisible();
        await expectNoSidewaysScroll(admin, viewport.width);
        await shot(admin, `order-page-${label}`);

        // Back on All Orders the order is partly shipped, with Ship still its next action.
        await admin.getByRole('link', { name: 'Back to All Orders' }).click();
        await filters.getByLabel('Order, checkout or PO number, or email').fill(buyer.email);
        await filters.getByRole('button', { name: 'Apply' }).click();
        await expect(rows.first()).toContainText(`${part} of`);
      } finally {
        await adminContext.close();
      }

      // The buyer sees the shipment and its tracking number in My Orders, and in the mail.
      await page.goto('/dashboard/myorder');
      const shipment = page.getByRole('list', { name: 'Shipments' }).filter({ visible: true });
      await expect(shipment).toContainText(tracking);
      await expect(shipment).toContainText('DHL');
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `my-orders-${label}`);
      // The mail names the order's state as the screens do.
      const mail = await receivedMail(
        buyer.email,
        /your order C-\d+ is Partially shipped \(shipment S-\d+\)/,
      );
      expect(mail.text).toContain(tracking);
    });
  });
}
