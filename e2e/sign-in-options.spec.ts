import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  acceptConfirmation,
  createAccount,
  credentialsAccepted,
  expectSignedIn,
  expectSignedOut,
  logInFromHome,
  navbar,
  newUser,
  openLogInFromHome,
  signOut,
  submitLogin,
} from './helpers';
import { linkIn, receivedMail } from './mail';

// The sign-in options beside the login card's email and password. Each journey starts signed out on the home
// page in a fresh browser context and clicks what a person clicks.

/** Counts the main frame's document loads: a sign-in must load the next page once, and then stay. */
function countDocuments(page: Page) {
  const counts = { documents: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counts.documents++;
  });
  return counts;
}

async function openLoginFromHome(page: Page) {
  await openLogInFromHome(page);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
}

async function askForLink(page: Page, email: string) {
  await openLoginFromHome(page);
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in by email' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `We sent a sign-in link to ${email}. It works once, for 15 minutes.`,
  );
}

test('an email link opens a new account with a name, then signs the same person in again', async ({
  page,
}) => {
  const user = newUser('link');
  await askForLink(page, user.email);
  const opening = await receivedMail(user.email, 'Open your Toolhaus account');
  const firstLink = linkIn(opening, '/email-link/sign-in');

  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Open your account' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  // Sign-up asks for a name: so does the link that opens an account.
  await page.getByRole('button', { name: 'Open my account' }).click();
  await expect(page.getByText('name is Required')).toBeVisible();
  await page.getByLabel('Name').fill(user.name);
  const loads = countDocuments(page);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await page.waitForURL('/');
  await expectSignedIn(page);
  await page.waitForTimeout(1_500);
  expect(loads.documents).toBe(1);

  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByText(user.name).first()).toBeVisible();
  // The link was used: opening it again signs nobody in.
  await signOut(page);
  await page.goto(firstLink);
  await expect(
    page.getByText('This link is invalid or has expired. Ask for a new one.'),
  ).toBeVisible();

  // Now the address has an account: the next link signs in.
  await askForLink(page, user.email);
  const signingIn = await receivedMail(user.email, 'Sign in to Toolhaus');
  await page.goto(linkIn(signingIn, '/email-link/sign-in'));
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('/');
  await expectSignedIn(page);
});

const GITHUB_EMAIL = 'octo.tester@example.com';

test('Continue with GitHub signs in through the local GitHub stand-in', async ({
  page,
  playwright,
  baseURL,
}) => {
  await openLoginFromHome(page);
  const loads = countDocuments(page);
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await page.waitForURL('/');
  await expectSignedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByText(GITHUB_EMAIL).first()).toBeVisible();
  // To the stand-in, back through Auth.js's callback, home: no loop.
  expect(loads.documents).toBeLessThanOrEqual(5);

  // Disabled by an admin, the GitHub account is signed out and told so on its next GitHub sign-in.
  const admin = await playwright.request.newContext({ baseURL });
  expect(await credentialsAccepted(admin, ADMIN.email, ADMIN.password)).toBe(true);
  const account = await admin.get(`/api/user/${encodeURIComponent(GITHUB_EMAIL)}`);
  const { _id: id } = (await account.json()) as { _id: string };
  const setDisabled = async (disabled: boolean) =>
    expect((await admin.put(`/api/user/disabled/${id}`, { data: { disabled } })).status()).toBe(
      200,
    );
  await setDisabled(true);
  try {
    await page.goto('/');
    await expectSignedOut(page);
    await navbar(page).getByRole('link', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await expect(page.getByText('This account has been disabled')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expectSignedOut(page);
  } finally {
    await setDisabled(false);
    await admin.dispose();
  }
});

test('an admin disables a user, who is signed out at once and told so; enabling lets them back', async ({
  page,
  browser,
}) => {
  const user = newUser('disabled');
  await createAccount(page.request, user);
  // The user, in a browser of their own, is signed in on their dashboard.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await logInFromHome(userPage, user.email, user.password);
  await userPage.waitForURL('/');
  await expectSignedIn(userPage);

  // The admin, starting on the home page, disables them on All Users.
  await logInFromHome(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('/');
  await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Manage All User' }).first().click();
  await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: user.email });
  await row.getByRole('button', { name: 'Disable', exact: true }).click();
  await acceptConfirmation(
    page,
    `Disable ${user.name}? They are signed out at once and can not sign in until enabled.`,
  );
  await expect(row.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();

  // The user's next page finds them signed out; signing in says why.
  await userPage.goto('/dashboard');
  await expect(userPage).toHaveURL(/\/login/);
  await expectSignedOut(userPage);
  await submitLogin(userPage, user.email, user.password);
  await expect(userPage.getByText('This account has been disabled')).toBeVisible();
  await expectSignedOut(userPage);
  // A wrong password hears nothing about it.
  await submitLogin(userPage, user.email, 'not-the-password');
  await expect(userPage.getByText('Invalid email or password')).toBeVisible();

  await row.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  expect(await credentialsAccepted(userContext.request, user.email, user.password)).toBe(true);
  await userContext.close();
});

test('the login card offers each configured provider and the email link', async ({ page }) => {
  await openLoginFromHome(page);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
  // Not configured on this server: no buttons.
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue with X' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Email me a sign-in link' })).toBeVisible();
});
