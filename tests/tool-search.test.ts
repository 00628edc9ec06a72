import { beforeAll, describe, expect, it } from 'vitest';
import * as toolsRoute from '@/app/api/tools/route';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import {
  catalogueHref,
  catalogueQueryFrom,
  SEARCH_CANDIDATES,
  searchTools,
} from '@/lib/tools/search';
import type { ToolDto } from '@/lib/types';
import { catalogueQuerySchema } from '@/lib/validation/tools';
import { call, makeTool, type ErrorBody } from './helpers';

// prettier-ignore
const CATALOGUE = [
  { sku: 'TW-1012', name: 'Torque wrench', about: 'Click-type wrench calibrated to 2 percent', priceCents: 8900 },
  { sku: 'AW-1450', name: 'Adjustable wrench', about: 'Chrome vanadium jaws open to 34 mm', priceCents: 1450 },
  { sku: 'CD-129', name: 'Cordless drill', about: 'Two speeds, drills masonry and steel', priceCents: 12900 },
  { sku: 'AG-64', name: 'Angle grinder', about: 'Cuts and grinds metal; takes any wrench-free disc', priceCents: 6400 },
  { sku: 'AW-1', name: 'Claw hammer', about: 'Fibreglass handle, drop-forged head', priceCents: 2100 },
] as const;

beforeAll(async () => {
  for (const tool of CATALOGUE) await makeTool({ ...tool, quantity: 500, minQuantity: 10 });
  // Can not be ordered now: less stock than its minimum order.
  await makeTool({
    name: 'Pipe wrench',
    about: 'Heavy duty',
    priceCents: 3000,
    quantity: 5,
    minQuantity: 10,
  });
});

const query = (input: Record<string, string>) => catalogueQuerySchema.parse(input);
const names = async (input: Record<string, string>) =>
  (await searchTools(query(input), 0, 50)).tools.map((tool) => tool.name);

describe('catalogue search', () => {
  it('tolerates typos and partial words in the name', async () => {
    expect(await names({ q: 'wrech' })).toEqual(
      expect.arrayContaining(['Torque wrench', 'Adjustable wrench', 'Pipe wrench']),
    );
    expect(await names({ q: 'wren' })).toEqual(expect.arrayContaining(['Torque wrench']));
    expect(await names({ q: 'grindr' })).toContain('Angle grinder');
  });

  it('ranks the best match first, names above descriptions', async () => {
    expect((await names({ q: 'torque wrench' }))[0]).toBe('Torque wrench');
    const wrenches = await names({ q: 'wrench' });
    // The grinder only mentions a wrench in its description.
    expect(wrenches.indexOf('Angle grinder')).toBeGreaterThan(
      wrenches.indexOf('Adjustable wrench'),
    );
  });

  it.each([
    ['TW-1012', ['Torque wrench']],
    ['tw-1012', ['Torque wrench']],
    ['CD-1', ['Cordless drill']],
    // The exact SKU first, then the SKUs it begins.
    ['aw-1', ['Claw hammer', 'Adjustable wrench']],
  ])('finds part number %s, exact and prefix matches first', async (q, first) => {
    expect((await names({ q })).slice(0, first.length)).toEqual(first);
  });

  it('finds words of the description', async () => {
    expect(await names({ q: 'masonry' })).toEqual(['Cordless drill']);
  });

  it('keeps only tools that can be ordered now with inStock', async () => {
    expect(await names({ q: 'wrench', inStock: '1' })).not.toContain('Pipe wrench');
    expect(await names({ q: 'wrench' })).toContain('Pipe wrench');
  });

  it('sorts by price both ways and by name', async () => {
    const byPrice = await names({ sort: 'price-asc' });
    expect(byPrice[0]).toBe('Adjustable wrench');
    expect((await names({ sort: 'price-desc' }))[0]).toBe('Cordless drill');
    const byName = (await names({ sort: 'name' })).slice(0, -1);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
  });

  it.each(['newest', 'price-asc', 'price-desc', 'name'])(
    'puts the tools that can not be ordered last (sort=%s)',
    async (sort) => {
      expect((await names({ sort })).at(-1)).toBe('Pipe wrench');
      expect((await names({ q: 'wrench', sort })).at(-1)).toBe('Pipe wrench');
    },
  );
});

describe('a broad search', () => {
  it('ranks a bounded set of candidates, typos included, and says that more may match', async () => {
    const spanners = await getDb()
      .insert(tools)
      .values(
        Array.from({ length: SEARCH_CANDIDATES + 60 }, (_, i) => ({
          name: `Ring spanner ${i}`,
          about: 'Chrome vanadium',
          priceCents: 900 + i,
          quantity: 100,
          minQuantity: 1,
          image: '/images/tools/claw-hammer.svg',
        })),
      )
      .returning({ id: tools.id });
    try {
      for (const q of ['spanner', 'spaner']) {
        const page = await searchTools(query({ q }), 0, 24);
        // The words fill SEARCH_CANDIDATES for "spanner", the typo branch for "spaner"; either way the bound holds.
        expect(page.capped).toBe(true);
        expect(page.total).toBeGreaterThanOrEqual(SEARCH_CANDIDATES);
        expect(page.tools).toHaveLength(24);
        expect(page.tools.every((tool) => tool.name.startsWith('Ring spanner'))).toBe(true);
      }
      expect(await searchTools(query({ q: 'torque' }), 0, 24)).toMatchObject({ capped: false });
    } finally {
      await getDb()
        .delete(tools)
        .where(
          inArray(
            tools.id,
            spanners.map((row) => row.id),
          ),
        );
    }
  });
});

describe('GET /api/tools with search parameters', () => {
  it('answers the matches as an array with their count', async () => {
    const { status, body, headers } = await call<ToolDto[]>(toolsRoute.GET, {
      path: '/api/tools?q=wrench&inStock=1&sort=price-asc',
    });
    expect(status).toBe(200);
    // Cheapest first; the grinder's description mentions a wrench; the pipe wrench is out of stock.
    expect(body.map((tool) => tool.name)).toEqual([
      'Adjustable wrench',
      'Angle grinder',
      'Torque wrench',
    ]);
    expect(Number(headers.get('x-total-count'))).toBe(body.length);
  });

  it('answers the original plain array without parameters', async () => {
    const { status, body, headers } = await call<ToolDto[]>(toolsRoute.GET, { path: '/api/tools' });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(CATALOGUE.length + 1);
    expect(headers.get('x-total-count')).toBeNull();
  });

  it.each([
    ['SQL', `'; DROP TABLE tools; --`],
    ['a quote', '" OR 1=1'],
    ['tsquery operators', 'wrench & drill | !hammer'],
    ['a prefix operator', 'wren:*'],
    ['parentheses', '((('],
    ['angle brackets', '<>'],
    ['unicode', 'Schraubenschlüssel 扳手 🔧'],
    ['100 characters', 'x'.repeat(100)],
    ['blanks', '   '],
  ])('never fails on %s', async (_label, q) => {
    const { status } = await call(toolsRoute.GET, {
      path: `/api/tools?q=${encodeURIComponent(q)}`,
    });
    expect(status).toBe(200);
  });

  it.each([
    ['10,000 characters', 'q', 'x'.repeat(10_000), 'Search for 100 characters or fewer'],
    ['a NUL byte', 'q', 'nul\u0000byte', 'Remove the control characters'],
    ['inStock=yes', 'inStock', 'yes', 'inStock must be 1 or 0'],
    ['sort=random', 'sort', 'random', 'sort must be newest, price-asc, price-desc or name'],
  ])('refuses %s with the field message', async (_label, field, value, message) => {
    const { status, body } = await call<ErrorBody>(toolsRoute.GET, {
      path: `/api/tools?${field}=${encodeURIComponent(value)}`,
    });
    expect(status).toBe(400);
    expect(body.error.fields?.[field]).toBe(message);
  });
});

describe('catalogue URLs', () => {
  it('reads what parses and drops the rest', () => {
    expect(catalogueQueryFrom({ q: ' drill ', inStock: '1', sort: 'bogus' })).toEqual({
      q: 'drill',
      inStock: true,
      sort: 'newest',
    });
  });

  it('writes parameters in one order, defaults left out', () => {
    expect(catalogueHref(query({}), 1)).toBe('/tools');
    expect(catalogueHref(query({ sort: 'name', q: 'saw', inStock: '1' }), 3)).toBe(
      '/tools?q=saw&inStock=1&sort=name&page=3',
    );
  });
});
