import { expect, test } from '@playwright/test';
import {
  adminLogin,
  createAccount,
  dashboardMenu,
  expectSignedIn,
  navbar,
  newUser,
  openLogInFromHome,
  signUpFromHome,
  submitLogin,
} from './helpers';
import { linkIn, receivedMail } from './mail';

test('forgot password: the mailed link sets a new password and signs in; the old one is refused', async ({
  page,
}) => {
  const user = newUser('forgot');
  await createAccount(page.request, user);
  await page.context().clearCookies();

  await openLogInFromHome(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for that email, we sent a link',
  );

  const mail = await receivedMail(user.email, 'Reset your Toolhaus password');
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  const newPassword = `${user.password}-new`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('**/dashboard');
  await expectSignedIn(page);

  await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
  await navbar(page).getByRole('link', { name: 'Log In' }).click();
  await submitLogin(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await submitLogin(page, user.email, newPassword);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expectSignedIn(page);

  // The link worked once.
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password').fill('another-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This link is invalid or has expired. Ask for a new one.'),
  ).toBeVisible();
});

test('sign-up mails a verification link; My Profile asks for it until it is used', async ({
  page,
}) => {
  const user = newUser('verify');
  await signUpFromHome(page, user);
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verify your email' })).toBeVisible();

  const mail = await receivedMail(user.email, 'Verify your email for Toolhaus');
  await page.goto(linkIn(mail, '/verify-email'));
  await page.getByRole('button', { name: 'Verify my email' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email is verified. Thank you!');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Verify your email')).toHaveCount(0);
});

test('an admin opens Outgoing mail, reads a failed message and resends it', async ({ page }) => {
  // The test SMTP server refuses this address once (550): its verification mail fails for good.
  const user = { ...newUser('bounce-once'), email: `bounce-once-${Date.now()}@example.com` };
  await createAccount(page.request, user);
  await page.context().clearCookies();

  await adminLogin(page);
  await page.goto('/');
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await dashboardMenu(page).getByRole('link', { name: 'Outgoing mail' }).click();
  await expect(page.getByRole('heading', { name: 'Outgoing mail' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('failed', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('No such mailbox here (test bounce)');

  await row.getByRole('link', { name: 'Verify your email for Toolhaus' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email for Toolhaus' })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Resend the mail to ${user.email}` }).click();
  await expect(page.getByText(`The mail to ${user.email} is queued again`)).toBeVisible();

  await receivedMail(user.email, 'Verify your email for Toolhaus');
  await page.getByRole('link', { name: 'Back to Outgoing mail' }).click();
  await expect(page.getByRole('heading', { name: 'Outgoing mail' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('sent', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
