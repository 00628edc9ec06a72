import { expect, test, type Page } from '@playwright/test';
import {
  createAccount,
  expectRed,
  expectSignedIn,
  expectNoStoredToken,
  expectSignedOut,
  logIn,
  navbar,
  newUser,
  signUp,
  submitLogin,
  submitSignUp,
} from './helpers';

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));

test.describe('sign up', () => {
  test('returns to the page it was opened from', async ({ page }) => {
    await signUp(page, newUser('signup-from'), { from: '/portfolio' });
    await expect(page).toHaveURL('/portfolio');
  });

  test('shows the validation messages', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
      'name is Required',
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      'Email is Required',
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Password is Required',
    );
    await expect(page.getByText('name is Required', { exact: true })).toBeVisible();
    await expectRed(page.getByText('name is Required', { exact: true }));
    await expect(page).toHaveURL('/signup');
  });

  test('refuses an email that already has an account', async ({ page }) => {
    const user = newUser('taken');
    await createAccount(page.request, user);
    await page.goto('/signup');
    await submitSignUp(page, user);
    const error = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(error).toHaveText('This email is already registered');
    await expectRed(error);
    await expect(page).toHaveURL('/signup');
    await expectSignedOut(page);
  });
});

test.describe('log in', () => {
  test('shows each validation message', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(email).toHaveAccessibleDescription('Email is Required');
    await expect(password).toHaveAccessibleDescription('Password is Required');
    await expectRed(page.getByText('Email is Required', { exact: true }));
    await expectRed(page.getByText('Password is Required', { exact: true }));

    await email.fill('not-an-email');
    await expect(email).toHaveAccessibleDescription('Provide a valid Email');
    await expect(page.getByText('Provide a valid Email', { exact: true })).toBeVisible();

    await password.fill('12345');
    await expect(password).toHaveAccessibleDescription('Must be 6 characters or longer');
    await expect(page.getByText('Must be 6 characters or longer', { exact: true })).toBeVisible();

    await email.fill('');
    await expect(email).toHaveAccessibleDescription('Email is Required');

    await email.fill('someone@example.com');
    await password.fill('123456');
    await expect(page.getByText('Provide a valid Email')).toHaveCount(0);
    await expect(page.getByText('Must be 6 characters or longer')).toHaveCount(0);
  });

  test('a wrong password shows the error in red under the form', async ({ page }) => {
    const user = newUser('wrongpw');
    await createAccount(page.request, user);
    await page.goto('/login');
    await submitLogin(page, user.email, 'not-the-password');

    const error = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(error).toBeVisible();
    await expect(error).toHaveText('Invalid email or password');
    await expectRed(error);
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Login', exact: true }) });
    const formBox = await form.boundingBox();
    const errorBox = await error.boundingBox();
    expect(errorBox!.y).toBeGreaterThanOrEqual(formBox!.y + formBox!.height);
    await expect(page).toHaveURL('/login');
    await expectSignedOut(page);
  });

  test('a return path that a browser reads as another site ends on the home page', async ({
    page,
  }) => {
    const user = newUser('redirect');
    await createAccount(page.request, user);
    // A tab inside the path: browsers drop it, so "/<tab>/evil.example" means "//evil.example".
    await page.goto('/login?from=%2F%09%2Fevil.example%2Fphish');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL('/');
    await expectSignedIn(page);
    // Signed in already, the login page sends such a path home too.
    await page.goto('/login?from=%2F%09%2Fevil.example');
    await expect(page).toHaveURL('/');
  });

  test('Continue with Google signs in through the identity provider', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // The local OpenID Connect provider approves at once and sends the browser back.
    await expect(page).toHaveURL('/', { timeout: 30_000 });
    await expectSignedIn(page);
    await expectNoStoredToken(page);

    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('main').getByText('google.user@example.com')).toBeVisible();
    await expect(page.getByRole('main').getByText('Google User')).toBeVisible();
    // Google said the address is verified (email_verified): My Profile asks for nothing.
    await expect(page.getByText('Verify your email')).toHaveCount(0);
  });
});

test.describe('sign out', () => {
  test('clears a stored token and stays on the public page, replacing the history entry', async ({
    page,
  }) => {
    const user = newUser('signout');
    await createAccount(page.request, user);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL('/');
    // A token an earlier version of the shop stored goes with the session.
    await page.evaluate(() =>
      window.localStorage.setItem('accessToken', 'stored-by-an-earlier-version'),
    );

    await navbar(page).getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blog');
    // Sign-out loads /blog again as a new document: Back must wait for that load, or it races it.
    const reloaded = page.waitForEvent('load');
    await navbar(page).getByRole('button', { name: 'Sign Out' }).click();
    await reloaded;

    await expectSignedOut(page);
    await expect(page).toHaveURL('/blog');
    await expect.poll(() => storedToken(page)).toBeNull();
    // Replaced, not pushed: one step back is the page before /blog.
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('from a protected page goes to / and Back does not return to it', async ({ page }) => {
    const user = newUser('signout-protected');
    await createAccount(page.request, user);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL('/');

    await navbar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
    await navbar(page).getByRole('button', { name: 'Sign Out' }).click();

    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
    await expect.poll(() => storedToken(page)).toBeNull();
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expectSignedOut(page);
  });
});
