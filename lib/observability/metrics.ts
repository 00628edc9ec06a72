import { Counter, Gauge, register } from 'prom-client';
import type { Pool } from 'pg';

// Next may load this file once per bundle: a metric is created by the first and found by the others.
function counter(name: string, help: string, labelNames: string[] = []): Counter {
  return (
    (register.getSingleMetric(name) as Counter | undefined) ??
    new Counter({ name, help, labelNames })
  );
}

export const ordersPlaced = counter('toolhaus_orders_placed_total', 'Orders placed');
export const ordersCancelled = counter(
  'toolhaus_orders_cancelled_total',
  'Unpaid orders cancelled, by who cancelled them',
  ['by'],
);
export const paymentsRecorded = counter(
  'toolhaus_payments_total',
  'Payments checked with the gateway, by outcome (paid, refused, already_paid)',
  ['outcome'],
);

export const mailAttempts = counter(
  'toolhaus_mail_attempts_total',
  "This instance's mail send attempts, by outcome (sent, retrying, failed)",
  ['outcome'],
);

/** The outbox by status (pending, sending, sent, failed), counted in the database when metrics are scraped. */
export function observeOutbox(
  countByStatus: () => Promise<{ status: string; count: number }[]>,
): void {
  if (register.getSingleMetric('toolhaus_mail_outbox')) return;
  new Gauge({
    name: 'toolhaus_mail_outbox',
    help: 'Mails in the outbox by status (all instances: one shared table)',
    labelNames: ['status'],
    async collect() {
      this.reset();
      for (const { status, count } of await countByStatus()) this.set({ status }, count);
    },
  });
}

/** The pool's connections as gauges, read when metrics are scraped. */
export function observePool(pool: Pool): void {
  if (register.getSingleMetric('toolhaus_db_pool_connections')) return;
  new Gauge({
    name: 'toolhaus_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting = requests queued for one)',
    labelNames: ['state'],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
