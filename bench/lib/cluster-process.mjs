// The cluster as one process for bench/topology.mjs (which pins it, and so every child, to the server CPU):
// argv[2]: JSON { instances, databaseUrl?, env, pgbouncer?, replica? } -> prints one JSON line { url, pids, primaryUrl,
// replicaUrl } when ready; stops on SIGTERM. Without databaseUrl the cluster starts its own PostgreSQL (bench/scale.mjs).
import { startCluster } from '../../scripts/lib/cluster.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const cluster = await startCluster({
  instances: spec.instances,
  databaseUrl: spec.databaseUrl,
  env: spec.env,
  pgbouncer: spec.pgbouncer,
  replica: spec.replica,
  // The instances' and nginx's lines on stderr when asked: why a start failed.
  log: process.env.BENCH_CLUSTER_LOG ? (line) => process.stderr.write(`${line}\n`) : undefined,
});
const pids = cluster.ports.map((port) => cluster.instance(port).pid);
process.stdout.write(
  `${JSON.stringify({
    url: cluster.url,
    pids,
    primaryUrl: cluster.postgres?.url ?? cluster.databaseUrl,
    replicaUrl: cluster.replica?.url,
  })}\n`,
);
process.on('SIGTERM', async () => {
  await cluster.stop();
  process.exit(0);
});
