// `npm run cluster`: the production topology on this machine (docs/ARCHITECTURE.md, Production topology;
// docs/OPERATIONS.md). PostgreSQL from DATABASE_URL or a private one, three instances, nginx on PORT (default 8080).
// Ctrl-C stops it all; `kill -HUP <this pid>` restarts the instances one by one, as a rolling deploy does.
import { buildIfStale } from './lib/build.mjs';
import { startCluster } from './lib/cluster.mjs';

buildIfStale();
const cluster = await startCluster({
  instances: Number(process.env.INSTANCES ?? 3),
  port: Number(process.env.PORT ?? 8080),
  log: (line) => console.log(line),
});
console.log(
  `Toolhaus cluster on ${cluster.url}: nginx → instances ${cluster.ports.join(', ')} → ${cluster.postgres ? 'a private PostgreSQL' : 'DATABASE_URL'}`,
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
