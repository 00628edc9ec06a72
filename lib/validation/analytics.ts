import { z } from 'zod';
import { optionalParam } from './fields';
import { isoDate, RANGE_ERROR, rangeInOrder } from './orders';

// Sales analytics' range (GET /api/analytics and /dashboard/analytics): days in UTC, both ends included.

export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** Without a range the page shows the last 90 days. */
export const DEFAULT_RANGE_DAYS = 90;
/** The longest range one request may ask for: three years, 1,096 days. */
export const MAX_RANGE_DAYS = 1096;

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The interval a range is drawn in when none is asked for: days up to a month, weeks up to half a year. */
const intervalFor = (days: number): AnalyticsInterval =>
  days <= 31 ? 'day' : days <= 183 ? 'week' : 'month';

/** Today, the UTC day. */
export const todayUtc = () => dayOf(Date.now());

/** Ranges one click away on the page, each ending today (UTC). */
export const presetRanges = () =>
  [
    { label: 'Last 30 days', days: 30 },
    { label: 'Last 90 days', days: DEFAULT_RANGE_DAYS },
    { label: 'Last 12 months', days: 365 },
  ].map(({ label, days }) => ({
    label,
    from: dayOf(Date.now() - (days - 1) * DAY_MS),
    to: todayUtc(),
  }));

export const analyticsQuerySchema = z
  .object({
    from: optionalParam(isoDate('from')),
    to: optionalParam(isoDate('to')),
    interval: optionalParam(
      z.enum(ANALYTICS_INTERVALS, { error: 'interval must be day, week or month' }),
    ),
  })
  .refine(rangeInOrder, RANGE_ERROR)
  .transform((query) => {
    const to = query.to ?? todayUtc();
    const from =
      query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
    const days = daysBetween(from, to);
    return { from, to, days, interval: query.interval ?? intervalFor(days) };
  })
  .refine((range) => range.days >= 1, RANGE_ERROR)
  .refine((range) => range.days <= MAX_RANGE_DAYS, {
    path: ['from'],
    error: 'The range may be at most three years',
  });
export type AnalyticsRange = z.output<typeof analyticsQuerySchema>;
