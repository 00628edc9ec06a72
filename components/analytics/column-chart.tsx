export interface Column {
  label: string;
  value: number;
  /** the value as the table and the tooltip say it ("$1,234.50") */
  shown: string;
}

/**
 * Columns over time, drawn on the server as SVG that stretches to its box (no script). The labels are HTML around
 * it, so they stay legible when a phone shrinks the drawing; the exact figures are in the table under the chart.
 */
export function ColumnChart({ columns, label }: { columns: Column[]; label: string }) {
  const top = Math.max(0, ...columns.map((column) => column.value));
  const peak = columns.find((column) => column.value === top);
  const slot = 10;
  return (
    <div className="flex w-full flex-col gap-1">
      <p className="text-xs text-base-content/70">
        {peak && top > 0 ? `Highest: ${peak.shown} (${peak.label})` : 'Nothing sold'}
      </p>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${Math.max(1, columns.length) * slot} 100`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-box bg-base-200"
      >
        {columns.map((column, index) => {
          const height = top > 0 ? (column.value / top) * 96 : 0;
          return (
            <rect
              key={column.label}
              x={index * slot + slot * 0.15}
              y={100 - height}
              width={slot * 0.7}
              height={height}
              className="fill-primary"
            >
              <title>{`${column.label}: ${column.shown}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between gap-2 text-xs text-base-content/70">
        <span>{columns[0]?.label}</span>
        <span>{columns.at(-1)?.label}</span>
      </div>
    </div>
  );
}
