import Link from 'next/link';
import { ORDER_STATE_LABELS } from '@/lib/order-status';
import { Price } from '@/components/price';
import { formatCount, formatPieces, formatUsd } from '@/lib/format';
import type { ShopOverview as Overview } from '@/lib/overview';

function Stat({
  title,
  value,
  detail,
}: {
  title: string;
  value: React.ReactNode;
  detail?: string;
}) {
  return (
    <div className="stat">
      <div className="stat-title">{title}</div>
      <div className="stat-value text-2xl">{value}</div>
      {detail && <div className="stat-desc">{detail}</div>}
    </div>
  );
}

/** The admin's first view: this month against last, what waits to ship, what runs low (live data). */
export function ShopOverview({ overview }: { overview: Overview }) {
  const { thisMonth, lastMonth, toShip, lowStock } = overview;
  return (
    <section aria-labelledby="overview-heading" className="card bg-base-100 shadow-md">
      <div className="card-body gap-4">
        <h2 id="overview-heading" className="card-title text-2xl">
          Overview
        </h2>
        <div className="stats stats-vertical w-full border border-base-300 md:stats-horizontal">
          <Stat
            title="Orders this month"
            value={formatCount(thisMonth.orders)}
            detail={`Last month: ${formatCount(lastMonth.orders)}`}
          />
          <Stat
            title="Revenue this month"
            value={<Price amount={thisMonth.revenue} />}
            detail={`Last month: ${formatUsd(lastMonth.revenue)}`}
          />
          <Stat
            // The state's own name (lib/order-status.ts), as All Orders' filter this links to says it.
            title={`${ORDER_STATE_LABELS.paid}, to ship`}
            value={
              <Link href="/dashboard/manageorder?status=to-ship" className="link link-primary">
                {formatCount(toShip)}
              </Link>
            }
          />
        </div>
        <div>
          <h3 className="mb-2 font-semibold">Running low (less than three minimum orders left)</h3>
          {lowStock.length === 0 ? (
            <p>Every tool has at least three minimum orders in stock.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {lowStock.map((tool) => (
                <li key={tool.id}>
                  <Link href={`/dashboard/manageproduct/${tool.id}`} className="link link-primary">
                    {tool.name}
                  </Link>
                  : {formatPieces(tool.quantity)} left, minimum order{' '}
                  {formatPieces(tool.minQuantity)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
