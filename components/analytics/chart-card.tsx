import type { ReactNode } from 'react';

/** One chart with its figures: a heading, the drawing, and the same numbers as a table under it. */
export function ChartCard({
  id,
  title,
  chart,
  table,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card min-w-0 bg-base-100 shadow-md">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h3 id={id} className="card-title text-lg">
          {title}
        </h3>
        {chart}
        {table}
      </div>
    </section>
  );
}

/** A chart's figures as a table (caption for screen readers), scrolling inside its own frame when it is long. */
export function FiguresTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${caption}: figures`}
      className="max-h-64 overflow-auto rounded-box border border-base-300"
    >
      <table className="table table-xs table-pin-rows">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={index > 0 ? 'text-right' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest], index) => (
            <tr key={index}>
              <th scope="row" className="font-normal">
                {first}
              </th>
              {rest.map((cell, column) => (
                <td key={column} className="text-right tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
