import Link from 'next/link';
import type { Route } from 'next';

/**
 * Previous / Next for a list read one page at a time; a short page is the last one. The pages are links (`?page=2`),
 * so the list pages without JavaScript, and the server renders each page.
 */
export function Pager({
  label,
  page,
  pageSize,
  shown,
  hrefOf,
}: {
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  hrefOf: (page: number) => Route;
}) {
  if (page === 1 && shown < pageSize) return null;
  const step = (to: number, text: string, enabled: boolean) =>
    enabled ? (
      <Link href={hrefOf(to)} prefetch={false} className="btn join-item btn-sm">
        {text}
      </Link>
    ) : (
      <span className="btn join-item btn-sm btn-disabled" aria-disabled="true">
        {text}
      </span>
    );
  return (
    <nav aria-label={label} className="join self-center">
      {step(page - 1, 'Previous', page > 1)}
      <span className="btn join-item btn-sm no-animation pointer-events-none">Page {page}</span>
      {step(page + 1, 'Next', shown >= pageSize)}
    </nav>
  );
}
