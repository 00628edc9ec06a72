import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import sitemap from '@/app/sitemap';
import { getDb } from '@/lib/db/client';
import { reviews, tools } from '@/lib/db/schema';
import { listToolReviews } from '@/lib/reviews';
import { productPageJsonLd } from '@/lib/seo/structured-data';
import { getToolBySku } from '@/lib/tools/product';
import { makeTool, makeUser } from './helpers';

// The sitemap reads the request's host (lib/site-origin.ts); outside Next there is no request.
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'shop.test' }),
}));

const suffix = randomUUID().slice(0, 6).toUpperCase();
let shown: Awaited<ReturnType<typeof makeTool>>;
let removed: Awaited<ReturnType<typeof makeTool>>;

beforeAll(async () => {
  shown = await makeTool({ name: `Product page drill ${suffix}`, sku: `PPD-${suffix}` });
  removed = await makeTool({ name: `Removed saw ${suffix}`, sku: `RMS-${suffix}` });
  await getDb().update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, removed.id));
  const reviewer = await makeUser('customer', 'Rita Reviewer');
  await getDb()
    .insert(reviews)
    .values([
      {
        toolName: shown.name.toUpperCase(),
        userName: reviewer.name,
        email: reviewer.email,
        userReview: 'Solid',
        rating: 5,
      },
      {
        toolName: shown.name,
        userName: reviewer.name,
        email: reviewer.email,
        userReview: 'Fine',
        rating: 3,
      },
      {
        toolName: 'Another tool',
        userName: reviewer.name,
        email: reviewer.email,
        userReview: 'Other',
        rating: 1,
      },
    ]);
});

describe('getToolBySku', () => {
  it('finds a catalogue tool by its part number in any case', async () => {
    for (const sku of [`PPD-${suffix}`, `ppd-${suffix.toLowerCase()}`, ` PPD-${suffix} `])
      expect((await getToolBySku(sku))._id).toBe(shown.id);
  });

  it.each([
    ['a removed tool', () => `RMS-${suffix}`],
    ['an unknown part number', () => 'NO-SUCH-PART'],
    ['a malformed one', () => '../etc/passwd'],
    ['an empty one', () => ''],
  ])('answers 404 for %s', async (_case, sku) => {
    await expect(getToolBySku(sku())).rejects.toMatchObject({ status: 404 });
  });
});

describe("the product page's reviews and structured data", () => {
  it("lists the reviews naming the tool, whatever their case, and no other tool's", async () => {
    const found = await listToolReviews(shown.name);
    expect(found.map((review) => review.userReview).sort()).toEqual(['Fine', 'Solid']);
  });

  it('describes the product at its canonical address with its part number and rating', async () => {
    const tool = await getToolBySku(`PPD-${suffix}`);
    const data = productPageJsonLd('https://shop.test', tool, await listToolReviews(tool.name));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tool.name,
      sku: `PPD-${suffix}`,
      url: `https://shop.test/products/PPD-${suffix}`,
      offers: { price: '12.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: '4.0', reviewCount: 2 },
    });
  });

  it('leaves the rating out of a tool nobody has reviewed', () => {
    const data = productPageJsonLd(
      'https://shop.test',
      {
        _id: removed.id,
        sku: 'X-1',
        name: 'Unrated',
        about: 'New',
        price: 1,
        quantity: 0,
        min_quantity: 1,
        image: '/images/placeholder-tool.svg',
        priceBreaks: [],
        unitOfMeasure: 'C62',
        unspsc: null,
      },
      [],
    );
    expect(data).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(data)).toContain('https://schema.org/OutOfStock');
  });
});

describe('the sitemap', () => {
  it("lists every catalogue tool's product page and no removed one", async () => {
    const urls = (await sitemap()).map((entry) => entry.url);
    expect(urls).toContain(`http://shop.test/products/PPD-${suffix}`);
    expect(urls).not.toContain(`http://shop.test/products/RMS-${suffix}`);
    expect(urls.some((url) => url.includes('/tools/'))).toBe(false);
  });
});
