import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectRed, signedInCustomer, toast, TOOLS, type TestUser } from './helpers';

async function postReview(page: Page, user: TestUser, toolName: string, text: string) {
  await expect(page.getByRole('heading', { name: 'Add your Reviews' })).toBeVisible();
  const name = page.getByLabel('Name', { exact: true });
  const email = page.getByLabel('Email', { exact: true });
  await expect(name).toHaveValue(user.name);
  await expect(name).not.toBeEditable();
  await expect(email).toHaveValue(user.email);
  await expect(email).not.toBeEditable();

  await page.getByLabel('Tool', { exact: true }).selectOption(toolName);
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByLabel('Rating', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Post Your Review' }).click();
  await expect(toast(page, 'You just reviewed one tool')).toBeVisible();
}

/** The review's card in the home page's All Reviews section. */
async function homeReviewCard(page: Page, text: string) {
  await page.goto('/');
  const card = page
    .getByRole('region', { name: 'All Reviews' })
    .getByRole('article')
    .filter({ hasText: text });
  await expect(card).toHaveCount(1);
  return card;
}

test('a customer posts a review from the dashboard and it shows on the home page', async ({
  page,
}) => {
  const user = await signedInCustomer(page, 'reviewer');
  const text = `Sturdy drills, review ${randomBytes(4).toString('hex')}`;
  await page.goto('/dashboard/addreview');
  await postReview(page, user, TOOLS.drill, text);

  const card = await homeReviewCard(page, text);
  await expect(card.getByText(user.name)).toBeVisible();
  // No image: the tool name stands in as a text placeholder.
  await expect(card.getByRole('figure').getByText(TOOLS.drill, { exact: true })).toBeVisible();
  await expect(card.getByRole('figure').getByRole('img')).toHaveCount(0);

  const stars = card.getByRole('img', { name: 'Rated 4 out of 5' });
  await expect(stars).toBeVisible();
  // Four stars drawn filled, the fifth faded (daisyUI fills up to the current star).
  const opacities = await stars
    .locator('.mask')
    .evaluateAll((shapes) => shapes.map((shape) => Number(getComputedStyle(shape).opacity)));
  expect(opacities).toHaveLength(5);
  expect(opacities.slice(0, 4).every((opacity) => opacity > 0.9)).toBe(true);
  expect(opacities[4]).toBeLessThan(0.5);
});

test('/addreview posts a review too', async ({ page }) => {
  const user = await signedInCustomer(page, 'reviewer-public');
  const text = `Tape stays straight, review ${randomBytes(4).toString('hex')}`;
  await page.goto('/addreview');
  await expect(page.getByRole('heading', { level: 1, name: 'Add your Reviews' })).toBeVisible();
  await postReview(page, user, TOOLS.tape, text);

  const card = await homeReviewCard(page, text);
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
});

test('a review need not name a tool (docs/PRODUCT.md, Validation)', async ({ page }) => {
  await signedInCustomer(page, 'reviewer-no-tool');
  const text = `Good service all round, review ${randomBytes(4).toString('hex')}`;
  await page.goto('/dashboard/addreview');
  const tool = page.getByLabel('Tool', { exact: true });
  await expect(tool).toHaveValue('');
  await expect(tool.locator('option:checked')).toHaveText('No particular tool');
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByLabel('Rating', { exact: true }).selectOption('5');
  await page.getByRole('button', { name: 'Post Your Review' }).click();
  await expect(toast(page, 'You just reviewed one tool')).toBeVisible();

  const card = await homeReviewCard(page, text);
  await expect(card.getByRole('figure')).toHaveText('Customer review');
  await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
});

test('the review form requires a review and a rating', async ({ page }) => {
  await signedInCustomer(page, 'reviewer-invalid');
  await page.goto('/dashboard/addreview');
  await page.getByRole('button', { name: 'Post Your Review' }).click();

  await expect(page.getByLabel('Review', { exact: true })).toHaveAccessibleDescription(
    'Review is Required',
  );
  await expect(page.getByLabel('Rating', { exact: true })).toHaveAccessibleDescription(
    'Rating is Required',
  );
  await expectRed(page.getByText('Review is Required', { exact: true }));
  await expectRed(page.getByText('Rating is Required', { exact: true }));
  await expect(page.getByLabel('Tool', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(toast(page, 'You just reviewed one tool')).toHaveCount(0);

  await page.getByLabel('Review', { exact: true }).fill('Good grip.');
  await expect(page.getByText('Review is Required')).toHaveCount(0);
  await page.getByLabel('Rating', { exact: true }).selectOption('5');
  await expect(page.getByText('Rating is Required')).toHaveCount(0);
});

test('a visitor is sent to log in before reviewing', async ({ page }) => {
  await page.goto('/addreview');
  await expect(page).toHaveURL('/login?from=%2Faddreview');
});
