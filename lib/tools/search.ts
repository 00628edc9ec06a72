import type { Route } from 'next';
import { and, asc, desc, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { tools } from '@/lib/db/schema';
import { outOfStockLast, toolColumns, toToolDto } from '@/lib/tools/catalogue';
import type { ToolDto } from '@/lib/types';
import {
  catalogueQuerySchema,
  type CatalogueQuery,
  type CatalogueSort,
} from '@/lib/validation/tools';

// A query that could be a part number ("wr-10", "WR-1012"), upper-cased as SKUs are stored; it holds no LIKE wildcard.
const skuOf = (q: string) => (/^[A-Za-z0-9-]+$/.test(q) ? q.toUpperCase() : null);

// Whole words through the weighted full-text index; partial words and typos through trigram word similarity on
// the name ("wrech" and "wren" both find "Torque wrench"); part numbers by prefix. All indexed (lib/db/schema.ts).
function matches(q: string): SQL {
  const sku = skuOf(q);
  const words = sql`${tools.searchVector} @@ websearch_to_tsquery('english', ${q}) OR ${q} <% ${tools.name}`;
  return sku ? sql`(${words} OR ${tools.sku} LIKE ${`${sku}%`})` : sql`(${words})`;
}

// A buyer who types a part number wants that tool: an exact SKU first, then SKUs that start with it, then the rest.
function relevance(q: string): SQL {
  const sku = skuOf(q);
  const words = sql`ts_rank_cd(${tools.searchVector}, websearch_to_tsquery('english', ${q})) * 2 + word_similarity(${q}, ${tools.name})`;
  return sku
    ? sql`(CASE WHEN ${tools.sku} = ${sku} THEN 20 WHEN ${tools.sku} LIKE ${`${sku}%`} THEN 10 ELSE 0 END + ${words})`
    : words;
}

const ORDER: Record<CatalogueSort, SQL[]> = {
  newest: [sql`${tools.createdAt} DESC`],
  'price-asc': [sql`${tools.priceCents} ASC`],
  'price-desc': [sql`${tools.priceCents} DESC`],
  name: [sql`${tools.name} ASC`],
};

export interface SearchPage {
  tools: ToolDto[];
  total: number;
}

/**
 * The catalogue filtered and sorted as a buyer asked: most relevant first when searching (unless another order is
 * chosen), only tools that can be ordered now (stock covers the minimum order) with `inStock`.
 */
export async function searchTools(
  query: CatalogueQuery,
  offset: number,
  limit: number,
): Promise<SearchPage> {
  const conditions = [isNull(tools.deletedAt)];
  if (query.q) conditions.push(matches(query.q));
  if (query.inStock) conditions.push(sql`${tools.quantity} >= ${tools.minQuantity}`);
  const where = and(...conditions);
  const order =
    query.q && query.sort === 'newest' ? [sql`${relevance(query.q)} DESC`] : ORDER[query.sort];
  const db = getDb();
  const [rows, [counted]] = await Promise.all([
    db
      .select(toolColumns)
      .from(tools)
      .where(where)
      .orderBy(outOfStockLast, ...order, desc(tools.createdAt), asc(tools.name), asc(tools.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tools)
      .where(where),
  ]);
  return { tools: rows.map(toToolDto), total: counted?.total ?? 0 };
}

/** True when the query narrows or reorders the catalogue (else the plain, cached catalogue answers). */
export const isSearch = (query: CatalogueQuery) =>
  Boolean(query.q) || query.inStock || query.sort !== 'newest';

/** The query of a catalogue URL; a value that does not parse is left out, as a person typing a URL would expect. */
export function catalogueQueryFrom(
  params: Record<string, string | string[] | undefined>,
): CatalogueQuery {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const fields = { q: first(params.q), inStock: first(params.inStock), sort: first(params.sort) };
  const parsed = catalogueQuerySchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const keep = Object.fromEntries(
    Object.entries(fields).filter(
      ([key, value]) =>
        catalogueQuerySchema.shape[key as keyof typeof fields].safeParse(value).success,
    ),
  );
  return catalogueQuerySchema.parse(keep);
}

/** The URL of a catalogue page: parameters in one order, defaults left out (canonical links, pagination). */
export function catalogueHref(query: CatalogueQuery, page: number): Route {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.inStock) params.set('inStock', '1');
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/tools?${search}` : '/tools';
}
