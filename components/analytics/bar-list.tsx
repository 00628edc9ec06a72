export interface Bar {
  label: string;
  value: number;
  shown: string;
}

/** Horizontal bars, one row per item (a tool, a status), each bar an SVG as long as its share of the largest. */
export function BarList({ bars, label }: { bars: Bar[]; label: string }) {
  const top = Math.max(0, ...bars.map((bar) => bar.value));
  if (bars.length === 0)
    return <p className="text-sm text-base-content/70">Nothing in this range.</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {bars.map((bar) => (
        <li key={bar.label} className="flex flex-col gap-0.5 text-sm">
          <span className="flex justify-between gap-2">
            <span className="truncate">{bar.label}</span>
            <span className="tabular-nums text-base-content/80">{bar.shown}</span>
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 100 4"
            preserveAspectRatio="none"
            className="h-2 w-full"
          >
            <rect width="100" height="4" rx="2" className="fill-base-200" />
            <rect
              width={top > 0 ? (bar.value / top) * 100 : 0}
              height="4"
              rx="2"
              className="fill-primary"
            />
          </svg>
        </li>
      ))}
    </ul>
  );
}
