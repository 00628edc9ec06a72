// The cluster as one process for bench/topology.mjs (which pins it, and so every child, to the server CPU):
// argv[2]: JSON { instances, databaseUrl, env } -> prints one JSON line { url, pids } when ready; stops on SIGTERM.
import { startCluster } from '../../scripts/lib/cluster.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const cluster = await startCluster({
  instances: spec.instances,
  databaseUrl: spec.databaseUrl,
  env: spec.env,
});
const pids = cluster.ports.map((port) => cluster.instance(port).pid);
process.stdout.write(`${JSON.stringify({ url: cluster.url, pids })}\n`);
process.on('SIGTERM', async () => {
  await cluster.stop();
  process.exit(0);
});
