import Link from 'next/link';
import type { Route } from 'next';
import { BUTTON } from '@/components/ui/buttons';
import { presetRanges, todayUtc, type AnalyticsRange } from '@/lib/validation/analytics';

/** The range and interval as a GET form: the chosen range is the page's address, so it can be shared and reloaded. */
export function RangeForm({ range }: { range: AnalyticsRange }) {
  const today = todayUtc();
  return (
    <div className="flex flex-col gap-3">
      <form method="get" aria-label="Choose the range" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="range-from">From</label>
          <input
            id="range-from"
            name="from"
            type="date"
            defaultValue={range.from}
            max={today}
            className="input input-sm"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="range-to">To</label>
          <input
            id="range-to"
            name="to"
            type="date"
            defaultValue={range.to}
            max={today}
            className="input input-sm"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="range-interval">Per</label>
          <select
            id="range-interval"
            name="interval"
            defaultValue={range.interval}
            className="select select-sm"
          >
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </div>
        <button type="submit" className={`${BUTTON.quiet} btn-sm`}>
          Show
        </button>
      </form>
      <nav aria-label="Preset ranges" className="flex flex-wrap gap-2">
        {presetRanges().map((preset) => (
          <Link
            key={preset.label}
            href={`/dashboard/analytics?from=${preset.from}&to=${preset.to}` as Route}
            className="btn btn-ghost btn-xs"
          >
            {preset.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
