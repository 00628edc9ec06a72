import { expect, test } from '@playwright/test';
import { accountLoggedInFromHome, dashboardMenu, newUser, toast } from './helpers';

// API keys from the home page, signed out: an owner signs up, founds a company, opens API keys from the Company page,
// makes a key with the catalogue scope, sees it once, uses it against the API, revokes it and sees it refused. At
// both widths, with screenshots.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const SHOTS = '/tmp/shots-api-keys';
const REVOKED_TODAY = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
}).format(new Date());

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('an owner makes an API key, sees it once, uses it and revokes it', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // Sign-up, a company, a key, its use and its revocation: a long journey on a shared machine.
      test.setTimeout(180_000);
      const owner = newUser('keys');
      await accountLoggedInFromHome(page, owner);
      await page.goto('/dashboard');
      if (width === 'phone')
        await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      await dashboardMenu(page).getByRole('link', { name: 'Company', exact: true }).click();
      // The button is enabled once the form has hydrated: a fill before that is reset by it.
      await expect(page.getByRole('button', { name: 'Create company' })).toBeEnabled();
      const firm = `Keys ${owner.email.slice(0, 10)} Ltd`;
      await page.getByLabel('Company name').fill(firm);
      await page.getByRole('button', { name: 'Create company' }).click();
      await expect(page.getByText('You are owner of this company.')).toBeVisible();
      await page.getByRole('link', { name: 'API keys for your purchasing system' }).click();
      await expect(page).toHaveURL('/dashboard/company/api-keys');
      await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible();

      const form = page.getByRole('form', { name: 'New API key' });
      await form.getByRole('button', { name: 'Make key' }).click();
      await expect(form.getByText('Name is Required')).toBeVisible();
      await expect(form.getByText('Choose at least one scope')).toBeVisible();
      await form.getByLabel('Name (the system that uses it)').fill('Purchasing ERP');
      await form.getByRole('checkbox', { name: /catalogue:read/ }).check();
      await form.getByLabel(/Expires after/).fill('30');
      await form.getByRole('button', { name: 'Make key' }).click();
      const shown = page.getByTestId('new-api-key');
      await expect(shown).toHaveText(/^tk_live_/);
      await expect(page.getByText('copy it now, it will not be shown again')).toBeVisible();
      const key = (await shown.textContent())!;
      // The rendering this width shows (a table or cards); the other one is hidden.
      const status = (text: string) =>
        page.getByText(text, { exact: true }).filter({ visible: true });
      await expect(status('Active')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/made-${width}.png`, fullPage: true });

      const client = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Bearer ${key}` },
      });
      expect((await client.get('/api/tools')).status()).toBe(200);
      const refused = await client.post('/api/checkout', { data: {} });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error.message).toBe(
        'This API key lacks the scope orders:write',
      );

      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(shown).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(key)).toHaveCount(0);
      // The hidden rendering (table or cards) is out of the accessibility tree: one Revoke button.
      await page.getByRole('button', { name: 'Revoke' }).click();
      await page.screenshot({ path: `${SHOTS}/revoke-${width}.png` });
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(toast(page, 'Purchasing ERP is revoked')).toBeVisible();
      await expect(status(`Revoked ${REVOKED_TODAY}`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/revoked-${width}.png`, fullPage: true });
      expect((await client.get('/api/tools')).status()).toBe(401);
      await client.dispose();
    });
  });
}
