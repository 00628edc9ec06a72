'use client';

/** Previous / Next for a list read one page at a time; a short page is the last one. */
export function Pager({
  label,
  page,
  pageSize,
  shown,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  onPage: (page: number) => void;
}) {
  if (page === 1 && shown < pageSize) return null;
  return (
    <nav aria-label={label} className="join self-center">
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={page === 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="btn join-item btn-sm no-animation pointer-events-none">Page {page}</span>
      <button
        type="button"
        className="btn join-item btn-sm"
        disabled={shown < pageSize}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
