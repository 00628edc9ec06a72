import { BarList } from '@/components/analytics/bar-list';
import { ChartCard, FiguresTable } from '@/components/analytics/chart-card';
import { ColumnChart } from '@/components/analytics/column-chart';
import { statusLabel } from '@/components/ui/status-badge';
import type { SalesAnalytics } from '@/lib/analytics/sales';
import { formatCount, formatDay, formatPieces, formatUsd } from '@/lib/format';

const PER = { day: 'day', week: 'week', month: 'month' } as const;

/** A bucket's name: its first day ("Nov 2, 2026"), or the month for monthly figures. */
const bucketLabel = (start: string, interval: SalesAnalytics['interval']) =>
  interval === 'month'
    ? new Date(`${start}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : interval === 'week'
      ? `Week of ${formatDay(`${start}T00:00:00Z`)}`
      : formatDay(`${start}T00:00:00Z`);

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function KeyFigures({ figures }: { figures: SalesAnalytics }) {
  const items = [
    ['Revenue', formatUsd(figures.revenue)],
    ['Paid orders', formatCount(figures.orders)],
    ['Average order value', formatUsd(figures.averageOrderValue)],
    [
      'Revenue at break prices',
      figures.breakPriceShare === null ? '—' : percent(figures.breakPriceShare),
    ],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-box border border-base-300 bg-base-300 lg:grid-cols-4">
      {items.map(([title, value]) => (
        <div key={title} className="flex flex-col gap-1 bg-base-100 p-4">
          <dt className="text-sm text-base-content/70">{title}</dt>
          <dd className="text-lg font-bold tabular-nums sm:text-2xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every chart of the analytics page, each with its figures as a table. */
export function SalesCharts({ figures }: { figures: SalesAnalytics }) {
  const per = PER[figures.interval];
  const points = figures.series.map((point) => ({
    ...point,
    label: bucketLabel(point.start, figures.interval),
  }));
  const customers = [
    {
      label: 'New customers',
      value: figures.newCustomers,
      shown: formatCount(figures.newCustomers),
    },
    {
      label: 'Returning customers',
      value: figures.returningCustomers,
      shown: formatCount(figures.returningCustomers),
    },
  ];
  const quotes = figures.quotesByStatus.map((row) => ({
    label: statusLabel(row.status),
    value: row.quotes,
    shown: formatCount(row.quotes),
  }));
  const conversion = figures.quoteConversion === null ? '—' : percent(figures.quoteConversion);
  return (
    <div className="flex flex-col gap-4">
      <KeyFigures figures={figures} />
      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          id="chart-revenue"
          title={`Revenue per ${per}`}
          chart={
            <ColumnChart
              label={`Revenue per ${per}, a column per ${per}`}
              columns={points.map((p) => ({
                label: p.label,
                value: p.revenue,
                shown: formatUsd(p.revenue),
              }))}
            />
          }
          table={
            <FiguresTable
              caption={`Revenue and orders per ${per}`}
              headers={[
                per === 'day' ? 'Day' : per === 'week' ? 'Week' : 'Month',
                'Orders',
                'Revenue',
              ]}
              rows={points.map((p) => [p.label, formatCount(p.orders), formatUsd(p.revenue)])}
            />
          }
        />
        <ChartCard
          id="chart-orders"
          title={`Orders per ${per}`}
          chart={
            <ColumnChart
              label={`Paid orders per ${per}, a column per ${per}`}
              columns={points.map((p) => ({
                label: p.label,
                value: p.orders,
                shown: formatCount(p.orders),
              }))}
            />
          }
          table={
            <FiguresTable
              caption={`Paid orders per ${per}`}
              headers={[per === 'day' ? 'Day' : per === 'week' ? 'Week' : 'Month', 'Orders']}
              rows={points.map((p) => [p.label, formatCount(p.orders)])}
            />
          }
        />
        <ChartCard
          id="chart-tools"
          title="Revenue by tool (top 10)"
          chart={
            <BarList
              label="Revenue by tool"
              bars={figures.byTool.map((tool) => ({
                label: tool.name,
                value: tool.revenue,
                shown: formatUsd(tool.revenue),
              }))}
            />
          }
          table={
            <FiguresTable
              caption="Revenue by tool"
              headers={['Tool', 'Pieces', 'Revenue']}
              rows={figures.byTool.map((tool) => [
                tool.name,
                formatPieces(tool.quantity),
                formatUsd(tool.revenue),
              ])}
            />
          }
        />
        <ChartCard
          id="chart-status"
          title="Orders by status"
          chart={
            <BarList
              label="Orders by status"
              bars={figures.byStatus.map((row) => ({
                label: row.status,
                value: row.orders,
                shown: formatCount(row.orders),
              }))}
            />
          }
          table={
            <FiguresTable
              caption="Orders placed in the range by status"
              headers={['Status', 'Orders']}
              rows={figures.byStatus.map((row) => [row.status, formatCount(row.orders)])}
            />
          }
        />
        <ChartCard
          id="chart-customers"
          title="New and returning customers"
          chart={<BarList label="New and returning customers" bars={customers} />}
          table={
            <FiguresTable
              caption="New and returning customers"
              headers={['Customers', 'Count']}
              rows={customers.map((row) => [row.label, row.shown])}
            />
          }
        />
        <ChartCard
          id="chart-quotes"
          title={`Quotes requested (conversion ${conversion})`}
          chart={<BarList label="Quotes requested in the range, by status" bars={quotes} />}
          table={
            <FiguresTable
              caption="Quotes requested in the range, by status; conversion is the share accepted"
              headers={['Status', 'Quotes']}
              rows={[...quotes.map((row) => [row.label, row.shown]), ['Conversion', conversion]]}
            />
          }
        />
      </div>
    </div>
  );
}
