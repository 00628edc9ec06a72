import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  createTool,
  deleteTool,
  enterCard,
  navbar,
  newSignedIn,
  newUser,
  signedInRequest,
  signInDemoAdmin,
  submitLogin,
  toast,
  toolInput,
} from './helpers';
import { linkIn, receivedMail } from './mail';

// A company's buyer with a $1,000 spending limit places a $3,000 order: it waits for approval; the owner opens the
// mail's link, signs in and approves it; the buyer pays by card. From the home page signed out, at both widths.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-approvals';

async function logInFromHome(page: Page, email: string, password: string) {
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test("a buyer's $3,000 order waits for approval, the owner approves it from the mail's link, the buyer pays", async ({
      browser,
      playwright,
      baseURL,
    }) => {
      // The company and its buyer through the API (their screens have their own spec).
      const admin = await signInDemoAdmin(playwright, baseURL!);
      const toolId = await createTool(admin, toolInput('approval', { price: 300 }));
      const { sku } = (await (await admin.session.get(`/api/tools/${toolId}`)).json()) as {
        sku: string;
      };
      const owner = await newSignedIn(playwright, baseURL!, 'owner');
      const made = await owner.session.post('/api/companies', {
        data: { name: `Approvals ${owner.email.slice(0, 10)} Ltd` },
      });
      expect(made.status(), await made.text()).toBe(201);
      const buyer = newUser('buyer');
      await createAccount(owner.session, buyer);
      const invited = await owner.session.post('/api/company/invitations', {
        data: { email: buyer.email, role: 'buyer', spendingLimit: 1000 },
      });
      expect(invited.status(), await invited.text()).toBe(201);
      const invitation = await receivedMail(buyer.email, /invites you to buy for/);
      const token = new URL(linkIn(invitation, '/dashboard/company/join')).searchParams.get(
        'token',
      );
      const joining = await signedInRequest(playwright, baseURL!, buyer);
      const joined = await joining.session.post('/api/company/invitations/accept', {
        data: { token },
      });
      expect(joined.status(), await joined.text()).toBe(200);

      // The buyer orders ten pieces at $300 from Quick order.
      const buyerContext = await browser.newContext({ viewport });
      const page = await buyerContext.newPage();
      await logInFromHome(page, buyer.email, buyer.password);
      if (width === 'phone') await navbar(page).locator('summary').click();
      await navbar(page).getByRole('link', { name: 'Quick order' }).click();
      await page.getByLabel('Lines (SKU, quantity)').fill(`${sku}, 10`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('1 line added to your cart.')).toBeVisible();
      await page.getByRole('link', { name: 'View cart' }).click();
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Address').fill('4 Quay St, Hamburg');
      await page.getByLabel('Phone Number').fill('+49 40 000000');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
      const heading = page.getByRole('heading', { level: 1, name: /^Order C-\d+$/ });
      const number = ((await heading.textContent()) ?? '').replace('Order ', '');
      await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
      await expect(page.getByText(/waits for the approval of an approver or owner/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
      // Not the buyer's to decide.
      await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/awaiting-${width}.png`, fullPage: true });

      // The owner opens the mail's link, signs in on the way, and approves.
      const asked = await receivedMail(owner.email, new RegExp(`${number}.*Awaiting approval`));
      const ownerContext = await browser.newContext({ viewport });
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(linkIn(asked, '/checkout/'));
      await submitLogin(ownerPage, owner.email, owner.password);
      await expect(
        ownerPage.getByRole('heading', { level: 1, name: `Order ${number}` }),
      ).toBeVisible();
      await expect(ownerPage.getByText('$3,000.00').first()).toBeVisible();
      await ownerPage.screenshot({ path: `${SHOTS}/decide-${width}.png`, fullPage: true });
      await ownerPage.getByRole('button', { name: 'Approve' }).click();
      await expect(toast(ownerPage, 'Order approved')).toBeVisible();
      await expect(ownerPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(ownerPage.getByText('Unpaid', { exact: true })).toBeVisible();

      // The buyer is told, and pays by card.
      await receivedMail(buyer.email, new RegExp(`${number} is approved`));
      await page.reload();
      await expect(page.getByText('Unpaid', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await enterCard(page, '4242 4242 4242 4242');
      // The payment's round trips share the machine with the build and other specs: a longer wait than the default.
      await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible({
        timeout: 30_000,
      });
      await page.screenshot({ path: `${SHOTS}/paid-${width}.png`, fullPage: true });

      await buyerContext.close();
      await ownerContext.close();
      await deleteTool(admin, toolId);
    });
  });
}
