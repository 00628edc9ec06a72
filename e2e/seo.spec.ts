import { expect, test, type APIRequestContext } from '@playwright/test';
import { createTool, deleteTool, signInDemoAdmin, toolInput } from './helpers';
import { startShop, type ShopProcess } from './support/shop-process';

type JsonObject = Record<string, unknown>;

function jsonLdBlocks(html: string): JsonObject[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? 'null') as JsonObject,
  );
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const canonicalOf = (html: string) => attribute(html, /<link rel="canonical" href="([^"]+)"/);
const ogUrlOf = (html: string) => attribute(html, /<meta property="og:url" content="([^"]+)"/);
const ogImageOf = (html: string) => attribute(html, /<meta property="og:image" content="([^"]+)"/);
const robotsOf = (html: string) => attribute(html, /<meta name="robots" content="([^"]+)"/);

async function html(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

/** Every `<loc>` of the sitemap with its `<lastmod>`, if any. */
async function sitemapEntries(request: APIRequestContext, base: string) {
  const xml = await (await request.get(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, entry = '']) => ({
    loc: attribute(entry, /<loc>([^<]+)<\/loc>/) ?? '',
    lastmod: attribute(entry, /<lastmod>([^<]+)<\/lastmod>/),
  }));
}

const PUBLIC_PAGES = ['/', '/tools', '/blog', '/portfolio'];

async function expectPagesOnOrigin(request: APIRequestContext, base: string, origin: string) {
  const robots = await (await request.get(`${base}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const entries = await sitemapEntries(request, base);
  const locs = entries.map((entry) => entry.loc);
  expect(locs).toEqual(expect.arrayContaining(PUBLIC_PAGES.map((page) => `${origin}${page}`)));
  for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
  for (const hidden of ['/login', '/signup', '/dashboard', '/addreview']) {
    expect(
      locs.some((loc) => new URL(loc).pathname.startsWith(hidden)),
      hidden,
    ).toBe(false);
  }
  // The catalogue's lastmod comes from the data.
  const catalogue = entries.find((entry) => entry.loc === `${origin}/tools`);
  expect(Number.isNaN(Date.parse(catalogue?.lastmod ?? ''))).toBe(false);

  for (const page of PUBLIC_PAGES) {
    const body = await html(request, `${base}${page}`);
    const expected = page === '/' ? origin : `${origin}${page}`;
    expect(canonicalOf(body), page).toBe(expected);
    expect(ogUrlOf(body), page).toBe(expected);
    expect(ogImageOf(body)?.startsWith(`${origin}/`), `${page} og:image`).toBe(true);
  }
}

test.describe('the public origin is a run-time setting', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let shop: ShopProcess | undefined;
  test.afterEach(async () => {
    await shop?.stop();
    shop = undefined;
  });

  test('AUTH_URL given only at start: sitemap, robots, canonical and Open Graph use it', async ({
    request,
  }) => {
    shop = await startShop({ AUTH_URL: 'https://shop.example.com' });
    await expectPagesOnOrigin(request, shop.base, 'https://shop.example.com');
  });

  test('without AUTH_URL: the origin the request was addressed to', async ({ request }) => {
    shop = await startShop({ AUTH_URL: undefined, AUTH_TRUST_HOST: 'true' });
    // The home page is cached HTML shared by every visitor: it names the server's own address, never a Host header.
    const pages = PUBLIC_PAGES.filter((page) => page !== '/');
    const robots = await (await request.get(`${shop.base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${shop.base}/sitemap.xml`);
    for (const page of pages) {
      const body = await html(request, `${shop.base}${page}`);
      expect(canonicalOf(body), page).toBe(`${shop.base}${page}`);
    }
    const home = await html(request, `${shop.base}/`);
    expect(canonicalOf(home)).toBe(`http://localhost:${shop.port}`);
  });
});

test.describe('structured data', () => {
  test('home page: Organization with the contact block, and WebSite', async ({ request }) => {
    const blocks = jsonLdBlocks(await html(request, '/'));
    const organization = blocks.find((block) => block['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Toolhaus Manufacturing',
      address: { '@type': 'PostalAddress', addressLocality: 'Chattogram', addressCountry: 'BD' },
      contactPoint: { '@type': 'ContactPoint', telephone: '+15550100000' },
    });
    expect(String(organization?.logo)).toMatch(/^https?:\/\/.+\/images\/favicon\.svg$/);
    const website = blocks.find((block) => block['@type'] === 'WebSite');
    expect(website).toMatchObject({ name: 'Toolhaus Manufacturing' });
    expect(String(website?.url)).toMatch(/^https?:\/\/[^/]+\/$/);
  });

  test('catalogue: an ItemList of Products with USD offers, availability and minimum order', async ({
    request,
  }) => {
    const [list] = jsonLdBlocks(await html(request, '/tools'));
    expect(list).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList' });
    const elements = list?.itemListElement as JsonObject[];
    expect(elements.length).toBeGreaterThan(0);
    elements.forEach((element, index) => {
      expect(element).toMatchObject({ '@type': 'ListItem', position: index + 1 });
      const product = element.item as JsonObject;
      expect(product['@type']).toBe('Product');
      expect(typeof product.name).toBe('string');
      expect(String(product.image)).toMatch(/^https?:\/\//);
      const offer = product.offers as JsonObject;
      expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
      expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
      expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(
        offer.availability,
      );
      const minimum = offer.eligibleQuantity as JsonObject;
      expect(minimum).toMatchObject({ '@type': 'QuantitativeValue', unitText: 'pieces' });
      expect(Number.isInteger(minimum.minValue)).toBe(true);
    });
  });

  test('blog: an FAQPage of the five questions shown, each with its answer', async ({ page }) => {
    await page.goto('/blog');
    const headings = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .allTextContents();
    const [faq] = jsonLdBlocks(await page.content());
    expect(faq?.['@type']).toBe('FAQPage');
    const questions = faq?.mainEntity as JsonObject[];
    expect(questions.map((question) => question.name)).toEqual(headings);
    expect(questions).toHaveLength(5);
    for (const question of questions) {
      expect(question['@type']).toBe('Question');
      const answer = question.acceptedAnswer as JsonObject;
      expect(answer['@type']).toBe('Answer');
      expect(String(answer.text).length).toBeGreaterThan(200);
    }
  });

  test('portfolio: the owner as a Person', async ({ request }) => {
    const [person] = jsonLdBlocks(await html(request, '/portfolio'));
    expect(person).toMatchObject({ '@type': 'Person', name: 'Tanvir Ahmed' });
    expect(person?.knowsAbout).toEqual(expect.arrayContaining(['React', 'Node.js']));
  });

  test('a product name can not break out of the script element', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await signInDemoAdmin(playwright, baseURL!);
    const name = '</script><script>window.__ldInjected = true</script>';
    const id = await createTool(admin, toolInput('json-ld', { name }));
    try {
      await page.goto('/tools');
      expect(await page.evaluate(() => 'ldInjected' in window || '__ldInjected' in window)).toBe(
        false,
      );
      const blocks = jsonLdBlocks(await page.content());
      const names = (blocks[0]?.itemListElement as JsonObject[]).map(
        (element) => (element.item as JsonObject).name,
      );
      expect(names).toContain(name);
    } finally {
      await deleteTool(admin, id);
      await admin.session.dispose();
    }
  });
});

test('sign-in forms and the not-found page are kept out of the index', async ({ request }) => {
  for (const path of ['/login', '/signup']) {
    expect(robotsOf(await html(request, path)), path).toContain('noindex');
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(robotsOf(await missing.text())).toContain('noindex');
  for (const path of PUBLIC_PAGES) {
    expect(robotsOf(await html(request, path)) ?? 'index', path).not.toContain('noindex');
  }
});

test('the home page has one address: its cached route sends visitors to /', async ({ request }) => {
  for (const path of ['/home/default', '/home/other', '/home']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(308);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname, path).toBe('/');
  }
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('Toolhaus');
});

test('link previews: the share images are PNGs anyone can fetch', async ({ request }) => {
  for (const path of ['/opengraph-image', '/tools/opengraph-image']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect((await response.body()).subarray(1, 4).toString()).toBe('PNG');
  }
});
