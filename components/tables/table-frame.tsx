import type { ReactNode } from 'react';

interface TableFrameProps {
  /** Read by screen readers only: the visible heading is the page's. */
  caption: string;
  headers: readonly string[];
  /** Headers kept for screen readers and the column's contract but not drawn (see DataTable's `visuallyHidden`). */
  hiddenHeaders?: readonly string[];
  children: ReactNode;
}

/** A scrollable daisyUI table with column headers; rows are the children. */
export function TableFrame({ caption, headers, hiddenHeaders = [], children }: TableFrameProps) {
  return (
    // Focusable and named because it scrolls sideways on phones: keyboard users must reach rows without buttons.
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
    >
      <table className="table table-sm table-zebra">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) =>
              hiddenHeaders.includes(header) ? (
                <th key={header} scope="col" className="w-0 p-0">
                  <span className="sr-only">{header}</span>
                </th>
              ) : (
                <th key={header} scope="col">
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
