// `npm run cluster`: the production topology on this machine (docs/ARCHITECTURE.md, Production topology;
// docs/OPERATIONS.md). PostgreSQL from DATABASE_URL or a private one, three instances, nginx on PORT (default 8080).
// A private PostgreSQL comes with PgBouncer in front and a streaming replica beside it (PGBOUNCER=0, REPLICA=0: without).
// Ctrl-C stops it all; `kill -HUP <this pid>` restarts the instances one by one, as a rolling deploy does.
import { buildIfStale } from './lib/build.mjs';
import { startCluster } from './lib/cluster.mjs';

buildIfStale();
const cluster = await startCluster({
  instances: Number(process.env.INSTANCES ?? 3),
  port: Number(process.env.PORT ?? 8080),
  log: (line) => console.log(line),
  pgbouncer: !process.env.DATABASE_URL && process.env.PGBOUNCER !== '0',
  replica: !process.env.DATABASE_URL && process.env.REPLICA !== '0',
});
const database = cluster.postgres
  ? [
      cluster.pgbouncer && `PgBouncer ${cluster.pgbouncer.port}`,
      `a private PostgreSQL ${cluster.postgres.port}`,
      cluster.replica && `its replica ${cluster.replica.port} (catalogue reads)`,
    ]
      .filter(Boolean)
      .join(' → ')
  : 'DATABASE_URL';
console.log(
  `Toolhaus cluster on ${cluster.url}: nginx → instances ${cluster.ports.join(', ')} → ${database}`,
);
if (cluster.postgres) console.log('Demo admin: admin@toolhaus.test / admin-demo-2022');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the cluster…');
    await cluster.stop();
    process.exit(0);
  });
}
process.on('SIGHUP', async () => {
  console.log('Rolling restart…');
  await cluster.rollingRestart();
  console.log('Rolling restart done');
});
