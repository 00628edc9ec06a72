// `npm run bench:scale`: past one database (docs/OPERATIONS.md, Past one database). nginx and 3 or 6 instances
// on a private PostgreSQL, three ways: direct (each instance its own pool of 10), through PgBouncer (transaction
// pooling, 20 server connections), and through PgBouncer with a streaming replica serving the catalogue. Under a
// catalogue read (quick order's look-up, never cached) and a signed-in read side by side it measures req/s and
// latency, and samples the client connections PostgreSQL holds (primary and replica) every 200 ms.
// Server side pinned to CPU 0, load to CPU 1. Writes bench/results/scale-<stamp>.json and the "Scale" section of
// bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, projectRoot as root } from '../scripts/lib/build.mjs';
import { accessToken } from '../scripts/lib/auth-http.mjs';
import { benchDir, logger, saveResults, sleep, stampOf, withSection } from './lib/common.mjs';

const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 50;
const INSTANCES = (process.env.BENCH_INSTANCES ?? '3,6').split(',').map(Number);
const AUTH_SECRET = 'bench-scale-secret-0123456789-abcdefghijklmnopq';
// The demo admin a private PostgreSQL is seeded with (scripts/lib/cluster.mjs); their own orders are a signed-in read.
const BUYER = { email: 'admin@toolhaus.test', password: 'admin-demo-2022' };
const MODES = [
  { name: 'direct', pgbouncer: false, replica: false },
  { name: 'pgbouncer', pgbouncer: true, replica: false },
  { name: 'pgbouncer+replica', pgbouncer: true, replica: true },
];
const stamp = stampOf();
const log = logger('scale');

function pinnedJson(script, spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      ['-c', LOAD_CPU, process.execPath, path.join(benchDir, 'lib', script), JSON.stringify(spec)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${script}: ${err.slice(-1500)}`)),
    );
  });
}

function withoutDatabaseUrl(env) {
  const rest = { ...env };
  delete rest.DATABASE_URL;
  return rest;
}

async function startCluster(spec) {
  const child = spawn(
    'taskset',
    [
      '-c',
      SERVER_CPU,
      process.execPath,
      path.join(benchDir, 'lib', 'cluster-process.mjs'),
      JSON.stringify(spec),
    ],
    {
      cwd: root,
      // No DATABASE_URL: the cluster starts its own PostgreSQL (and PgBouncer and the replica around it).
      env: { ...withoutDatabaseUrl(process.env), AUTH_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end >= 0) resolve(buffer.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`cluster exited (${code})`)));
  });
  return { child, ...JSON.parse(line) };
}

async function stopCluster(cluster) {
  if (cluster.child.exitCode !== null) return;
  const exited = new Promise((resolve) => cluster.child.once('exit', resolve));
  cluster.child.kill('SIGTERM');
  await exited;
}

/** Samples the client backends of each server until stop() is called; answers their peaks. */
function sampleConnections(urls) {
  const peaks = Object.fromEntries(Object.keys(urls).map((name) => [name, 0]));
  let running = true;
  const loops = Object.entries(urls).map(async ([name, url]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        );
        peaks[name] = Math.max(peaks[name], rows[0].n);
        await sleep(200);
      }
    } finally {
      await client.end();
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
    return peaks;
  };
}

const load = (url, headers = {}) =>
  pinnedJson('load.mjs', {
    url,
    connections: CONNECTIONS / 2,
    duration: DURATION,
    warmup: WARMUP,
    headers: { 'accept-encoding': 'gzip', ...headers },
  });

async function measure(instances, mode) {
  log(`${instances} instances, ${mode.name}: starting`);
  const cluster = await startCluster({
    instances,
    env: { AUTH_SECRET, PAYMENTS: 'test' },
    pgbouncer: mode.pgbouncer,
    replica: mode.replica,
  });
  try {
    const token = await accessToken(cluster.url, BUYER);
    const urls = {
      primary: cluster.primaryUrl,
      ...(cluster.replicaUrl ? { replica: cluster.replicaUrl } : {}),
    };
    const stop = sampleConnections(urls);
    const load1 = loadavg()[0];
    // Both at once: the catalogue read (replica when there is one) beside the signed-in read (always the primary).
    const [catalogue, orders] = await Promise.all([
      load(`${cluster.url}/api/tools/lookup?q=dr&quantity=5`),
      load(`${cluster.url}/api/order/${encodeURIComponent(BUYER.email)}`, {
        authorization: `Bearer ${token}`,
      }),
    ]);
    const connections = await stop();
    const row = { instances, mode: mode.name, load1, catalogue, orders, connections };
    log(
      `  catalogue ${Math.round(catalogue.requestsPerSecond)} req/s p95 ${catalogue.latencyMs.p95} ms (non-2xx ${catalogue.non2xx}), ` +
        `orders ${Math.round(orders.requestsPerSecond)} req/s p95 ${orders.latencyMs.p95} ms (non-2xx ${orders.non2xx}), ` +
        `connections ${JSON.stringify(connections)}, load ${load1.toFixed(2)}`,
    );
    return row;
  } finally {
    await stopCluster(cluster);
  }
}

function section(results) {
  const lines = [
    '<!-- scale:start -->',
    '## Scale: PgBouncer and a read replica (`npm run bench:scale`)',
    '',
    `Run ${results.stamp}: ${results.note}. nginx in front, a private PostgreSQL started by the cluster; ${CONNECTIONS / 2} connections`,
    `on quick order's look-up (\`GET /api/tools/lookup?q=dr\`, the catalogue, uncached) and ${CONNECTIONS / 2} on a signed-in`,
    `read (\`GET /api/order/{email}\`, the primary) at once, ${DURATION} s each after ${WARMUP} s warm-up. Connections: the peak of`,
    'client backends PostgreSQL held during the load (sampled every 200 ms), counting the LISTEN session of each instance for cache tags (mail is off here, so not the second one).',
    '',
    '| instances | database path | catalogue req/s | p95 ms | signed-in req/s | p95 ms | signed-in non-2xx | primary connections | replica connections | load (1 min) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of results.rows) {
    lines.push(
      `| ${row.instances} | ${row.mode} | ${Math.round(row.catalogue.requestsPerSecond)} | ${Math.round(row.catalogue.latencyMs.p95)} | ${Math.round(row.orders.requestsPerSecond)} | ${Math.round(row.orders.latencyMs.p95)} | ${row.orders.non2xx} | ${row.connections.primary} | ${row.connections.replica ?? '–'} | ${row.load1.toFixed(2)} |`,
    );
  }
  lines.push('<!-- scale:end -->');
  return lines.join('\n');
}

buildIfStale();
const results = {
  stamp,
  note: process.env.BENCH_NOTE ?? '2 shared cores, server on CPU 0, load on CPU 1',
  rows: [],
};
for (const instances of INSTANCES) {
  for (const mode of MODES) results.rows.push(await measure(instances, mode));
}
saveResults('scale', stamp, results, (markdown) =>
  withSection(markdown, 'scale', section(results)),
);
log('done');
