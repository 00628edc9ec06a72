import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ToolGrid } from '@/components/home/tool-grid';
import { JsonLd } from '@/components/seo/json-ld';
import { pageMetadata, requestMetadata, SHARE_IMAGES } from '@/lib/seo/page-metadata';
import { catalogueJsonLd } from '@/lib/seo/structured-data';
import { siteOrigin } from '@/lib/site-origin';
import { CATALOGUE_PAGE_SIZE, listToolPage } from '@/lib/tools';

/** `?page=` as a whole page number; anything else is the first page. */
function pageNumber(raw: string | string[] | undefined): number {
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

const pageHref = (page: number) => (page === 1 ? '/tools' : `/tools?page=${page}`);

type CatalogueProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: CatalogueProps): Promise<Metadata> {
  const page = pageNumber((await searchParams).page);
  return requestMetadata(
    pageMetadata({
      title: page === 1 ? 'All tools' : `All tools, page ${page}`,
      description:
        'The whole Toolhaus catalogue: every drill, grinder, saw, hammer and wrench we build, with unit prices, stock and minimum orders.',
      path: pageHref(page),
      image: SHARE_IMAGES.catalogue,
    }),
  );
}

export default async function CataloguePage({ searchParams }: CatalogueProps) {
  const page = pageNumber((await searchParams).page);
  const offset = (page - 1) * CATALOGUE_PAGE_SIZE;
  const { tools, total } = await listToolPage(offset, CATALOGUE_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (page > pages) notFound();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      {tools.length > 0 && <JsonLd data={catalogueJsonLd(await siteOrigin(), tools, offset + 1)} />}
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">All tools</h1>
        <p className="mt-3 text-base-content/75">
          {total.toLocaleString('en-US')} tools, built in our own plant and sold by the carton.
        </p>
      </div>
      {tools.length === 0 ? (
        <p className="text-center text-base-content/75">No tools are available right now.</p>
      ) : (
        <ToolGrid tools={tools} />
      )}
      {pages > 1 && (
        <nav aria-label="Catalogue pages" className="mt-10 flex items-center justify-center gap-4">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className="btn btn-outline" rel="prev">
              Previous page
            </Link>
          )}
          <span aria-current="page">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link href={pageHref(page + 1)} className="btn btn-outline" rel="next">
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
