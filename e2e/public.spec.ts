import { expect, test, type Locator } from '@playwright/test';
import { expectSignedOut, navbar, type ApiTool } from './helpers';

const orderButton = (card: Locator) => card.getByRole('button', { name: 'Order', exact: true });
/** Where a button that opens a page leads: the action of its GET form. */
const formOf = (button: Locator) => button.locator('xpath=ancestor::form[1]');

test.describe('home page', () => {
  test("shows its sections in the product's order", async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1, name: 'We are leading in Tools Building' });
    await expect(hero).toBeVisible();
    await expect(page.getByText('Get to know more about our products and services')).toBeVisible();

    const headings = [
      hero,
      page.getByRole('heading', { level: 2, name: 'Our Available Tools' }),
      page.getByRole('heading', { level: 2, name: 'Our Business Summary' }),
      page.getByRole('heading', { level: 2, name: 'Main features' }),
      page.getByRole('heading', { level: 2, name: 'All Reviews' }),
      page.getByRole('heading', { level: 2, name: 'Contact our team' }),
    ];
    const tops: number[] = [];
    for (const heading of headings) {
      await expect(heading).toHaveCount(1);
      const box = await heading.boundingBox();
      expect(box).not.toBeNull();
      tops.push(box!.y);
    }
    const sorted = [...tops].sort((a, b) => a - b);
    expect(tops).toEqual(sorted);
    expect(new Set(tops).size).toBe(tops.length);
  });

  test('lists the tools, each with an Order button to /tools/{id}', async ({ page, request }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Available Tools' });
    const cards = section.getByRole('article');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (let index = 0; index < count; index++) {
      const order = orderButton(cards.nth(index));
      await expect(order).toHaveCount(1);
      await expect(formOf(order)).toHaveAttribute('action', /^\/tools\/[0-9a-f-]{36}$/);
    }

    // Each seeded tool's card leads to that tool's own _id.
    const tools = (await (await request.get('/api/tools')).json()) as ApiTool[];
    for (const name of ['18V Cordless Drill Driver', '125 mm Angle Grinder', '8 m Tape Measure']) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect(tool, name).toBeDefined();
      const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      await expect(formOf(orderButton(card))).toHaveAttribute('action', `/tools/${tool!._id}`);
    }
  });

  test('the catalogue page at /tools lists every tool with its Order button', async ({
    page,
    request,
  }) => {
    const tools = (await (await request.get('/api/tools')).json()) as ApiTool[];
    await page.goto('/tools');
    await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
    await expect(page.getByText(`${tools.length} tools, built in our own plant`)).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    // Up to 24 a page: the seeded catalogue fits on the first one, so there are no page links.
    await expect(cards).toHaveCount(Math.min(tools.length, 24));
    const drill = tools.find((tool) => tool.name === '18V Cordless Drill Driver')!;
    const drillCard = cards.filter({
      has: page.getByRole('heading', { name: drill.name, exact: true }),
    });
    await expect(formOf(orderButton(drillCard))).toHaveAttribute('action', `/tools/${drill._id}`);

    // A page past the end is not found; a page number that is not one shows the first page.
    expect((await page.goto('/tools?page=999'))?.status()).toBe(404);
    await page.goto('/tools?page=abc');
    await expect(page.getByRole('heading', { level: 1, name: 'All tools' })).toBeVisible();
  });

  test('shows the business summary figures and a Contact us button to the contact block', async ({
    page,
  }) => {
    await page.goto('/');
    const summary = page.getByRole('region', { name: 'Our Business Summary' });
    for (const text of ['Total Orders', '31K', 'Jan 1st - May 1st', 'Customers Served', '4,200']) {
      await expect(summary.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(summary.getByText(/400 up, 22% higher than last month/)).toBeVisible();
    await expect(summary.getByText('Orders This Month', { exact: true })).toBeVisible();
    await expect(summary.getByText('1,200', { exact: true })).toBeVisible();
    await expect(summary.getByText(/90 down, 14%/)).toBeVisible();
    await expect(summary.getByText('24/7')).toBeVisible();

    const contactUs = summary.getByRole('link', { name: 'Contact us' });
    await expect(contactUs).toHaveAttribute('href', '#contact');
    await contactUs.click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { name: 'Contact our team' })).toBeInViewport();
  });

  test('shows the features with Read more, the reviews and the contact block', async ({ page }) => {
    await page.goto('/');
    const features = page.getByRole('region', { name: 'Main features' });
    const readMore = features.getByText('Read more', { exact: true });
    expect(await readMore.count()).toBeGreaterThanOrEqual(1);
    await expect(readMore.first()).toBeVisible();

    const reviews = page.getByRole('region', { name: 'All Reviews' });
    await expect(reviews.getByRole('article').first()).toBeVisible();
    await expect(
      reviews.getByRole('img', { name: /^Rated [0-5] out of 5$/ }).first(),
    ).toBeVisible();

    const contact = page.getByRole('region', { name: 'Contact our team' });
    await expect(contact.getByText('We are always here to help you')).toBeVisible();
    await expect(contact.getByText('Location')).toBeVisible();
    await expect(contact.getByText('Site address')).toBeVisible();
    await expect(contact.getByText('Phone', { exact: true })).toBeVisible();
    await expect(contact.getByRole('img')).toBeVisible();
  });
});

test('on a large screen tools come two per row and reviews three per row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const rowTops = async (region: string, count: number) => {
    const cards = page.getByRole('region', { name: region }).getByRole('article');
    await expect(cards.nth(count - 1)).toBeVisible();
    const tops: number[] = [];
    for (let index = 0; index < count; index++)
      tops.push(Math.round((await cards.nth(index).boundingBox())!.y));
    return tops;
  };
  const tools = await rowTops('Our Available Tools', 3);
  expect(tools[1]).toBe(tools[0]);
  expect(tools[2]).toBeGreaterThan(tools[0]!);
  const reviews = await rowTops('All Reviews', 4);
  expect(reviews[1]).toBe(reviews[0]);
  expect(reviews[2]).toBe(reviews[0]);
  expect(reviews[3]).toBeGreaterThan(reviews[0]!);
});

test('the blog shows five question-and-answer cards', async ({ page }) => {
  await page.goto('/blog');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Questions and Answers' }),
  ).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(5);
  const questions = [
    /performance of a React application/i,
    /ways to manage state/i,
    /prototypal inheritance/i,
    /not set state directly/i,
    /What is a unit test/i,
  ];
  for (const [index, question] of questions.entries()) {
    await expect(cards.nth(index).getByRole('heading', { level: 2 })).toHaveText(question);
  }
});

test('the portfolio shows the skills, a LinkedIn link and three projects', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const skills = page.getByRole('region', { name: 'Skills' }).getByRole('listitem');
  await expect(skills).toHaveText(
    // prettier-ignore
    ['HTML', 'CSS', 'Node.js', 'JavaScript', 'MongoDB', 'React', 'Express.js'],
  );
  await expect(page.getByRole('main').getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
    'href',
    /^https:\/\/(www\.)?linkedin\.com\//,
  );
  const projects = page.getByRole('region', { name: 'Projects' }).getByRole('link');
  await expect(projects).toHaveCount(3);
  for (const href of await projects.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')),
  )) {
    expect(href).toMatch(/^https?:\/\//);
  }
});

test('an unknown route answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Error', exact: true })).toBeVisible();
  await expect(
    page.getByText('The Page you are looking is not found', { exact: true }),
  ).toBeVisible();
  const image = page.getByRole('main').getByRole('img');
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((element) => (element as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);
});

test.describe('navbar and footer for a visitor', () => {
  test('the navbar links to /, Portfolio, Blogs and Log In only', async ({ page }) => {
    await page.goto('/blog');
    const nav = navbar(page);
    await expectSignedOut(page);
    await expect(nav.getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    await expect(nav.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blog');

    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/portfolio');
    await nav.getByRole('link', { name: 'Toolhaus' }).click();
    await expect(page).toHaveURL('/');
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL('/blog');
    await nav.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  test('the footer shows the 2022 copyright line', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText(/Copyright © 2022/)).toBeVisible();
  });
});
