import type { Route } from 'next';
import Link from 'next/link';

/** Previous / Next as links (a page rendered on the server, read one page at a time); a short page is the last. */
export function PageLinks({
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
  hrefOf: (page: number) => string;
}) {
  if (page === 1 && shown < pageSize) return null;
  const step = (to: number, text: string, enabled: boolean) =>
    enabled ? (
      <Link href={hrefOf(to) as Route} prefetch={false} className="btn join-item btn-sm">
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
      {step(page + 1, 'Next', shown === pageSize)}
    </nav>
  );
}
