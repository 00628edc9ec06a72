import type { Route } from 'next';
import { and, asc, desc, isNull, sql, type SQL } from 'drizzle-orm';
import { readFromReplica } from '@/lib/db/replica';
import { tools } from '@/lib/db/schema';
import { outOfStockLast, toolColumns } from '@/lib/tools/catalogue';
import { toToolDto } from '@/lib/db/rest-shapes';
import type { ToolDto } from '@/lib/types';
import {
  catalogueQuerySchema,
  type CatalogueQuery,
  type CatalogueSort,
} from '@/lib/validation/tools';

// A query that could be a part number ("wr-10", "WR-1012"), upper-cased as SKUs are stored; it holds no LIKE wildcard.
const skuOf = (q: string) => (/^[A-Za-z0-9-]+$/.test(q) ? q.toUpperCase() : null);

/**
 * How many matches of each kind a search ranks. A broad word ("wrench" in a catalogue of 10,000 tools) matches
 * thousands of tools, and ranking or even counting every one of them (word similarity is computed per row) cost
 * 50 ms; the first matches each index yields are ranked instead, a bounded amount of work whatever the catalogue's
 * size. It is above what one answer shows (GET /api/tools answers at most 200), and a search that reaches it says
 * so (`SearchPage.capped`).
 */
export const SEARCH_CANDIDATES = 240;

// Part numbers by prefix; whole words through the weighted full-text index; partial words and typos through trigram
// word similarity on the name ("wrech" and "wren" both find "Torque wrench"). In that order: each kind is its own
// branch read from its index, leaving out what an earlier kind already found, and the branches stop as soon as
// SEARCH_CANDIDATES are in hand. A broad word ("wrench") fills them from the word index alone and never pays for the
// trigram index's scan of its thousands of similar names; a typo finds no word and is answered by the trigram branch.
function matchBranches(q: string): SQL[] {
  const sku = skuOf(q);
  return [
    ...(sku ? [sql`${tools.sku} LIKE ${`${sku}%`}`] : []),
    sql`${tools.searchVector} @@ websearch_to_tsquery('english', ${q})`,
    sql`${q} <% ${tools.name}`,
  ];
}

/** The ids of a search's candidates: the first SEARCH_CANDIDATES matches, kind after kind, as one array. */
function candidateIds(q: string, filters: SQL | undefined): SQL {
  const matches = matchBranches(q);
  const branches = matches.map((match, kind) => {
    const notEarlier = matches.slice(0, kind).map((earlier) => sql`NOT (${earlier})`);
    return sql`(SELECT ${tools.id} FROM ${tools} WHERE ${and(filters, match, ...notEarlier)} LIMIT ${SEARCH_CANDIDATES})`;
  });
  return sql`ARRAY(SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS candidates LIMIT ${SEARCH_CANDIDATES})`;
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
  /** The search matched more tools than it ranks: `total` counts the ranked candidates only. */
  capped: boolean;
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
  const filters = and(
    isNull(tools.deletedAt),
    query.inStock ? sql`${tools.quantity} >= ${tools.minQuantity}` : undefined,
  );
  // The candidates are computed once (an init plan) and read back by primary key; the count comes with the rows.
  const where = query.q ? sql`${tools.id} = ANY(${candidateIds(query.q, filters)})` : filters;
  const order =
    query.q && query.sort === 'newest' ? [sql`${relevance(query.q)} DESC`] : ORDER[query.sort];
  const rows = await readFromReplica((db) =>
    db
      .select({ ...toolColumns, total: sql<number>`(count(*) OVER ())::int` })
      .from(tools)
      .where(where)
      .orderBy(outOfStockLast, ...order, desc(tools.createdAt), asc(tools.name), asc(tools.id))
      .limit(limit)
      .offset(offset),
  );
  // A page past the last one has no rows to carry the count: it is then empty, and the catalogue page a 404.
  const total = rows[0]?.total ?? 0;
  return {
    tools: rows.map(toToolDto),
    total,
    capped: Boolean(query.q) && total >= SEARCH_CANDIDATES,
  };
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
