import type { Metadata } from 'next';
import { RangeForm } from '@/components/analytics/range-form';
import { SalesCharts } from '@/components/analytics/sales-charts';
import { PageHeader } from '@/components/ui/page-header';
import { getSalesAnalytics } from '@/lib/analytics/sales';
import { requirePageAdmin } from '@/lib/auth/page-guards';
import { formatDay } from '@/lib/format';
import { analyticsQuerySchema } from '@/lib/validation/analytics';

export const metadata: Metadata = { title: 'Sales analytics' };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function AnalyticsPage({ searchParams }: PageProps<'/dashboard/analytics'>) {
  const actor = await requirePageAdmin('/dashboard/analytics');
  const asked = Object.fromEntries(
    Object.entries(await searchParams).map(([key, value]) => [key, single(value)]),
  );
  const parsed = analyticsQuerySchema.safeParse(asked);
  // A range that does not parse shows the default one, and says why.
  const range = parsed.success ? parsed.data : analyticsQuerySchema.parse({});
  const figures = await getSalesAnalytics(actor, range);
  return (
    <section aria-labelledby="analytics-heading" className="flex flex-col gap-4">
      <PageHeader
        id="analytics-heading"
        title="Sales analytics"
        description={`Paid orders placed from ${formatDay(`${range.from}T00:00:00Z`)} to ${formatDay(`${range.to}T00:00:00Z`)} (UTC), as in the CSV export of All Orders.`}
      />
      <RangeForm range={range} />
      {!parsed.success && (
        <p role="alert" className="text-error">
          {parsed.error.issues[0]?.message}
        </p>
      )}
      <SalesCharts figures={figures} />
    </section>
  );
}
