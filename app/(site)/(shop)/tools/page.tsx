import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CatalogueSearchForm } from '@/components/catalogue/catalogue-search-form';
import { ToolGrid } from '@/components/home/tool-grid';
import { JsonLd } from '@/components/seo/json-ld';
import { NOINDEX, pageMetadata, requestMetadata, SHARE_IMAGES } from '@/lib/seo/page-metadata';
import { catalogueJsonLd } from '@/lib/seo/structured-data';
import { siteOrigin } from '@/lib/site-origin';
import { catalogueHref, catalogueQueryFrom, isSearch, searchTools } from '@/lib/tools/search';
import { formatCount } from '@/lib/format';
import { CATALOGUE_PAGE_SIZE, listToolPage } from '@/lib/tools/catalogue';

/** `?page=` as a whole page number; anything else is the first page. */
function pageNumber(raw: string | string[] | undefined): number {
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

// One read per request, shared by generateMetadata and the page; the plain catalogue comes from the data cache.
const loadCatalogue = cache(async (search: string) => {
  const params = Object.fromEntries(new URLSearchParams(search));
  const query = catalogueQueryFrom(params);
  const page = pageNumber(params.page);
  const offset = (page - 1) * CATALOGUE_PAGE_SIZE;
  const result = isSearch(query)
    ? await searchTools(query, offset, CATALOGUE_PAGE_SIZE)
    : await listToolPage(offset, CATALOGUE_PAGE_SIZE);
  return { query, page, offset, capped: false, ...result };
});

async function catalogueFor(props: PageProps<'/tools'>) {
  const params = await props.searchParams;
  const search = new URLSearchParams();
  for (const key of ['q', 'inStock', 'sort', 'page']) {
    const value = params[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(key, first);
  }
  return loadCatalogue(search.toString());
}

export async function generateMetadata(props: PageProps<'/tools'>): Promise<Metadata> {
  const { query, page, total } = await catalogueFor(props);
  const title = query.q ? `Tools matching “${query.q}”` : 'All tools';
  return requestMetadata({
    ...pageMetadata({
      title: page === 1 ? title : `${title}, page ${page}`,
      description:
        'The whole Toolhaus catalogue: every drill, grinder, saw, hammer and wrench we build, with unit prices, stock and minimum orders.',
      path: catalogueHref(query, page),
      image: SHARE_IMAGES.catalogue,
    }),
    // An empty result is no page for a search engine.
    ...(total === 0 ? { robots: NOINDEX } : {}),
  });
}

function summary(total: number, q: string | undefined, capped: boolean): string {
  const count = `${formatCount(total)} ${total === 1 ? 'tool' : 'tools'}`;
  // A broad search ranks a bounded set of candidates (lib/tools/search.ts): these are listed, more may match.
  if (q && capped) return `At least ${count} match “${q}”; the best are listed first.`;
  if (q) return total === 0 ? `No tools match “${q}”.` : `${count} match “${q}”.`;
  return `${count}, built in our own plant and sold by the carton.`;
}

export default async function CataloguePage(props: PageProps<'/tools'>) {
  const { query, page, offset, tools, total, capped } = await catalogueFor(props);
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (page > pages) notFound();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      {tools.length > 0 && <JsonLd data={catalogueJsonLd(await siteOrigin(), tools, offset + 1)} />}
      <div className="mx-auto mb-8 max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">All tools</h1>
        <p className="mt-3 text-base-content/75" role="status">
          {summary(total, query.q, capped)}
        </p>
      </div>
      <CatalogueSearchForm query={query} />
      {tools.length === 0 ? (
        <p className="text-center text-base-content/75">
          {isSearch(query) ? (
            <Link href="/tools" className="link link-primary">
              Show the whole catalogue
            </Link>
          ) : (
            'No tools are available right now.'
          )}
        </p>
      ) : (
        <ToolGrid tools={tools} />
      )}
      {pages > 1 && (
        <nav aria-label="Catalogue pages" className="mt-10 flex items-center justify-center gap-4">
          {page > 1 && (
            <Link href={catalogueHref(query, page - 1)} className="btn btn-outline" rel="prev">
              Previous page
            </Link>
          )}
          <span aria-current="page">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link href={catalogueHref(query, page + 1)} className="btn btn-outline" rel="next">
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
