import { Counter, Gauge, register } from 'prom-client';
import type { Pool } from 'pg';

// Next may load this file once per bundle: a metric is created by the first and found by the others.
function counter(name: string, help: string, labelNames: string[] = []): Counter {
  return (
    (register.getSingleMetric(name) as Counter | undefined) ??
    new Counter({ name, help, labelNames })
  );
}

export const ordersPlaced = counter('toolshop_orders_placed_total', 'Orders placed');
export const ordersCancelled = counter(
  'toolshop_orders_cancelled_total',
  'Unpaid orders cancelled, by who cancelled them',
  ['by'],
);
export const paymentsRecorded = counter(
  'toolshop_payments_total',
  'Payments checked with the gateway, by outcome (paid, refused, already_paid)',
  ['outcome'],
);

/** The pool's connections as gauges, read when metrics are scraped. */
export function observePool(pool: Pool): void {
  if (register.getSingleMetric('toolshop_db_pool_connections')) return;
  new Gauge({
    name: 'toolshop_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting = requests queued for one)',
    labelNames: ['state'],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
