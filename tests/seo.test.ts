import { createElement, Fragment } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProtectedPath } from '@/config/routes';
import { serializeJsonLd } from '@/lib/seo/json-ld';
import { catalogueJsonLd } from '@/lib/seo/structured-data';
import { textOf } from '@/lib/seo/text-of';
import { cachedPageOrigin, publicOrigin } from '@/lib/site-origin';
import type { ToolDto } from '@/lib/types';

const tool = (overrides: Partial<ToolDto> = {}): ToolDto => ({
  _id: '00000000-0000-4000-8000-000000000001',
  sku: 'TW-1001',
  name: 'Torque wrench',
  about: 'Calibrated to 2 %',
  price: 1234.5,
  quantity: 3000,
  min_quantity: 100,
  image: '/images/tools/wrench.svg',
  priceBreaks: [],
  unitOfMeasure: 'C62',
  unspsc: null,
  ...overrides,
});

describe('serializeJsonLd', () => {
  it('writes < so that no text can close the script element, and reads back the same', () => {
    const data = { name: '</script><script>alert(1)</script>' };
    const serialized = serializeJsonLd(data);
    expect(serialized).not.toContain('<');
    expect(JSON.parse(serialized)).toEqual(data);
  });
});

describe('catalogueJsonLd', () => {
  it('describes each tool as a Product with a USD offer, its stock and its minimum order', () => {
    const list = catalogueJsonLd('https://shop.example.com', [tool()], 25);
    expect(list.itemListElement).toEqual([
      expect.objectContaining({
        '@type': 'ListItem',
        position: 25,
        item: expect.objectContaining({
          '@type': 'Product',
          name: 'Torque wrench',
          sku: 'TW-1001',
          image: 'https://shop.example.com/images/tools/wrench.svg',
          url: 'https://shop.example.com/products/TW-1001',
          offers: expect.objectContaining({
            price: '1234.50',
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            eligibleQuantity: expect.objectContaining({ minValue: 100, unitText: 'pieces' }),
          }),
        }),
      }),
    ]);
  });

  it('calls a tool out of stock when less than its minimum order is left', () => {
    const list = catalogueJsonLd('https://shop.example.com', [tool({ quantity: 99 })], 1);
    expect(JSON.stringify(list)).toContain('https://schema.org/OutOfStock');
  });
});

describe('textOf', () => {
  it('reads the text of JSX as one line, paragraphs apart', () => {
    const answer = createElement(
      Fragment,
      null,
      createElement(
        'p',
        null,
        'Use ',
        createElement('code', null, 'useState'),
        ' for local state.',
      ),
      createElement('p', null, 'Then ', 2, ' more.'),
    );
    expect(textOf(answer)).toBe('Use useState for local state. Then 2 more.');
  });
});

describe('public origin', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is AUTH_URL as the server was started, whatever the request said', () => {
    vi.stubEnv('AUTH_URL', 'https://shop.example.com/some/path');
    expect(publicOrigin('http://evil.example')).toBe('https://shop.example.com');
    expect(cachedPageOrigin()).toBe('https://shop.example.com');
  });

  it("is the request's origin without AUTH_URL; cached pages use the server's own address", () => {
    vi.stubEnv('AUTH_URL', '');
    vi.stubEnv('PORT', '4100');
    expect(publicOrigin('http://127.0.0.1:4100')).toBe('http://127.0.0.1:4100');
    expect(cachedPageOrigin()).toBe('http://localhost:4100');
  });
});

describe('isProtectedPath', () => {
  it("gates the tool pages but not the catalogue's link preview", () => {
    expect(isProtectedPath('/tools/00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isProtectedPath('/tools/opengraph-image')).toBe(false);
    expect(isProtectedPath('/tools')).toBe(false);
  });
});
