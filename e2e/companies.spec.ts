import { expect, test, type Page } from '@playwright/test';
import { dashboardMenu, newUser, signUpFromHome, submitSignUp, toast } from './helpers';
import { linkIn, receivedMail } from './mail';

// Company accounts from the home page, signed out: an owner signs up, creates a company, invites a colleague as a
// buyer with a $1,000 spending limit; the colleague signs up, opens the mailed link and joins; the owner keeps an
// address book. At both widths, with screenshots.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-companies';

async function openCompany(page: Page, width: string) {
  await page.goto('/dashboard');
  if (width === 'phone') await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Company', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/company');
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('an owner creates a company and invites a buyer, who joins by the mailed link', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const owner = newUser('owner');
      const buyer = newUser('buyer');
      const firm = `Fixings ${owner.email.slice(0, 12)} Ltd`;

      const ownerContext = await browser.newContext({ viewport });
      const ownerPage = await ownerContext.newPage();
      await signUpFromHome(ownerPage, owner);
      await openCompany(ownerPage, width);
      await expect(ownerPage.getByRole('heading', { name: 'Company', exact: true })).toBeVisible();
      // The button is enabled once the form has hydrated: a fill before that is reset by it.
      await expect(ownerPage.getByRole('button', { name: 'Create company' })).toBeEnabled();
      await ownerPage.getByLabel('Company name').fill(firm);
      await ownerPage.getByRole('button', { name: 'Create company' }).click();
      await expect(ownerPage.getByRole('heading', { name: firm })).toBeVisible();
      await expect(ownerPage.getByText('You are owner of this company.')).toBeVisible();

      const invite = ownerPage.getByRole('form', { name: 'Invite a member' });
      await invite.getByLabel('Email').fill(buyer.email);
      await invite.getByLabel('Role').selectOption('buyer');
      await invite.getByLabel(/Spending limit/).fill('1000');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(toast(ownerPage, `Invitation sent to ${buyer.email}`)).toBeVisible();

      const buyerContext = await browser.newContext({ viewport });
      const buyerPage = await buyerContext.newPage();
      const mail = await receivedMail(buyer.email, /invites you to buy for/);
      expect(mail.subject).toContain(firm);
      // Signed out, the link leads to Login, and signing up there comes back to the invitation.
      await buyerPage.goto(linkIn(mail, '/dashboard/company/join'));
      await buyerPage.getByRole('link', { name: 'Create New Account' }).click();
      await submitSignUp(buyerPage, buyer);
      await expect(buyerPage.getByRole('heading', { name: 'Join a company' })).toBeVisible();
      await buyerPage.screenshot({ path: `${SHOTS}/join-${width}.png`, fullPage: true });
      await buyerPage.getByRole('button', { name: 'Accept the invitation' }).click();
      await expect(buyerPage).toHaveURL('/dashboard/company');
      await expect(buyerPage.getByRole('heading', { name: firm })).toBeVisible();
      await expect(buyerPage.getByText('You are buyer of this company.')).toBeVisible();
      // A buyer reads the members but manages nothing.
      await expect(buyerPage.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

      await ownerPage.reload();
      // A table row at 1280 px, a card on a phone.
      const row = ownerPage.locator('tr, li').filter({ hasText: buyer.email });
      await expect(row).toContainText('buyer');
      await expect(row).toContainText('$1,000.00');

      const address = ownerPage.getByRole('form', { name: 'Add an address' });
      await address.getByLabel('Label (e.g. Warehouse North)').fill('Warehouse North');
      await address.getByLabel('Recipient').fill('Goods in');
      await address.getByLabel('Street').fill('4 Quay St');
      await address.getByLabel('Postcode').fill('20457');
      await address.getByLabel('City', { exact: true }).fill('Hamburg');
      await address.getByLabel('Country (2 letters, e.g. DE)').fill('DE');
      await address.getByRole('button', { name: 'Save address' }).click();
      await expect(toast(ownerPage, 'Warehouse North is in the address book')).toBeVisible();
      const book = ownerPage.getByRole('region', { name: 'Address book' });
      await expect(book.getByRole('listitem').filter({ hasText: 'Warehouse North' })).toContainText(
        '4 Quay St, 20457 Hamburg, DE',
      );
      await ownerPage.screenshot({ path: `${SHOTS}/company-${width}.png`, fullPage: true });

      await ownerContext.close();
      await buyerContext.close();
    });
  });
}
