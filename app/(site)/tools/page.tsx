import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ToolGrid } from '@/components/home/tool-grid';
import { formatCount } from '@/lib/format';
import { CATALOGUE_PAGE_SIZE, listToolPage } from '@/lib/tools';

export const metadata: Metadata = {
  title: 'All tools',
  description:
    'The whole Toolhaus catalogue: every drill, grinder, saw, hammer and wrench we build, with unit prices, stock and minimum orders.',
  alternates: { canonical: '/tools' },
};

/** `?page=` as a whole page number; anything else is the first page. */
function pageNumber(raw: string | string[] | undefined): number {
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

const pageHref = (page: number) => (page === 1 ? '/tools' : `/tools?page=${page}`);

export default async function CataloguePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = pageNumber((await searchParams).page);
  const { tools, total } = await listToolPage(
    (page - 1) * CATALOGUE_PAGE_SIZE,
    CATALOGUE_PAGE_SIZE,
  );
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  if (page > pages) notFound();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">All tools</h1>
        <p className="mt-3 text-base-content/75">
          {formatCount(total)} tools, built in our own plant and sold by the carton.
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
