// `npm run bench:topology`: the production topology against `next start` alone (docs/PERFORMANCE.md and
// docs/ARCHITECTURE.md, Production topology), in one
// run on this machine: server side pinned to CPU 0, load and Lighthouse to CPU 1, 50 connections, gzip.
//   - public reads (home, GET /api/tools, GET /api/reviews): next start alone vs nginx in front of 3 instances;
//   - a signed-in read and order placement through nginx with 1, 2 and 3 instances;
//   - memory per instance; Lighthouse (mobile, median of 3) of the home page through nginx vs the bare Next page.
// Writes bench/results/topology-<stamp>.json and the "Topology" section of bench/RESULTS.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, nextBin, projectRoot as root } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/cluster.mjs';
import { accessToken, signUp } from '../scripts/lib/auth-http.mjs';
import {
  BENCH_ADMIN as ADMIN,
  benchDir,
  benchShopEnv,
  CHROME,
  logger,
  PG_SERVER,
  rssMb,
  runPinnedSync,
  saveResults,
  seedDatabase,
  stampOf,
  waitForOk as waitFor,
  withSection,
} from './lib/common.mjs';

const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 50;
const stamp = stampOf();
const database = `toolhaus_topology_${stamp}`;
const DATABASE_URL = `${PG_SERVER}/${database}`;
const AUTH_SECRET = 'bench-topology-secret-0123456789-abcdefghijklmnop';
const BUYER = {
  name: 'Bench Buyer',
  email: 'bench-buyer@bench.test',
  password: 'bench-buyer-2024',
};
const log = logger('topology');
const running = new Set();

function pinned(cpu, args, options) {
  return spawn('taskset', ['-c', cpu, process.execPath, ...args], options);
}

const runJson = (script, spec) => runPinnedSync(LOAD_CPU, script, spec);

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  running.delete(child);
}

const shopEnv = benchShopEnv({ databaseUrl: DATABASE_URL, authSecret: AUTH_SECRET });

function load(label, url, extra = {}) {
  log(`${label}: ${url}`);
  const result = runJson('load.mjs', {
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
    headers: { 'accept-encoding': 'gzip', ...(extra.headers ?? {}) },
    ...extra,
  });
  log(
    `  ${Math.round(result.requestsPerSecond)} req/s, p95 ${result.latencyMs.p95} ms, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  return result;
}

const PUBLIC = [
  ['home', '/'],
  ['tools', '/api/tools'],
  ['reviews', '/api/reviews'],
];

async function startCluster(instances) {
  const child = pinned(
    SERVER_CPU,
    [
      path.join(benchDir, 'lib', 'cluster-process.mjs'),
      JSON.stringify({
        instances,
        databaseUrl: DATABASE_URL,
        env: { AUTH_SECRET, PAYMENTS: 'test' },
      }),
    ],
    {
      cwd: root,
      env: { ...process.env, AUTH_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  running.add(child);
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

async function main() {
  buildIfStale();
  const baselineDir = path.join(benchDir, 'baseline');
  if (!existsSync(path.join(baselineDir, '.next', 'BUILD_ID'))) {
    spawnSync(process.execPath, [nextBin, 'build'], { cwd: baselineDir, stdio: 'inherit' });
  }
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const results = {
    stamp,
    machine: { cpus: process.env.BENCH_NOTE ?? '' },
    nextStart: {},
    nginx: {},
  };
  try {
    seedDatabase(shopEnv);

    // next start alone, the reference the budget is stated against.
    const port = await freePort();
    const single = pinned(SERVER_CPU, [nextBin, 'start', '-p', String(port)], {
      cwd: root,
      env: { ...shopEnv, AUTH_URL: `http://localhost:${port}` },
      stdio: 'ignore',
    });
    running.add(single);
    await waitFor(`http://127.0.0.1:${port}/api/ready`);
    for (const [name, pathname] of PUBLIC) {
      results.nextStart[name] = load(`next start ${name}`, `http://127.0.0.1:${port}${pathname}`);
    }
    await signUp(`http://127.0.0.1:${port}`, BUYER);
    const buyerToken = await accessToken(`http://127.0.0.1:${port}`, BUYER);
    const adminToken = await accessToken(`http://127.0.0.1:${port}`, ADMIN);
    const [tool] = await (await fetch(`http://127.0.0.1:${port}/api/tools`)).json();
    await fetch(`http://127.0.0.1:${port}/api/tools/${tool._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newQuantity: 10_000_000 }),
    });
    await stop(single);

    const asBuyer = { authorization: `Bearer ${buyerToken}` };
    const orderBody = JSON.stringify({
      toolId: tool._id,
      quantity: Math.max(1, tool.min_quantity),
      address: '1 Bench Road',
      phone: '+1 555 0100',
    });
    for (const instances of [1, 2, 3]) {
      const cluster = await startCluster(instances);
      const entry = (results.nginx[instances] = { public: {}, memoryMb: [] });
      if (instances === 3) {
        for (const [name, pathname] of PUBLIC)
          entry.public[name] = load(`nginx×3 ${name}`, `${cluster.url}${pathname}`);
      }
      entry.signedInRead = load(
        `nginx×${instances} signed-in read`,
        `${cluster.url}/api/order/${encodeURIComponent(BUYER.email)}`,
        { headers: asBuyer },
      );
      entry.orderPlacement = load(
        `nginx×${instances} order placement`,
        `${cluster.url}/api/order`,
        {
          method: 'POST',
          headers: { ...asBuyer, 'content-type': 'application/json' },
          body: orderBody,
        },
      );
      entry.memoryMb = cluster.pids.map((pid) => Math.round(rssMb(pid)));
      log(`  memory per instance: ${entry.memoryMb.join(', ')} MB`);
      if (instances === 3) {
        const barePort = await freePort();
        const bare = pinned(SERVER_CPU, [nextBin, 'start', '-p', String(barePort)], {
          cwd: baselineDir,
          env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL },
          stdio: 'ignore',
        });
        running.add(bare);
        await waitFor(`http://127.0.0.1:${barePort}/`);
        const outDir = path.join(benchDir, 'out');
        mkdirSync(outDir, { recursive: true });
        results.lighthouse = runJson('lighthouse.mjs', {
          pages: [
            { name: 'home-nginx', url: `${cluster.url.replace('127.0.0.1', 'localhost')}/` },
            { name: 'bare-next', url: `http://localhost:${barePort}/` },
          ],
          runs: 3,
          chromePath: CHROME,
          outDir,
        });
        await stop(bare);
      }
      await stop(cluster.child);
    }
  } finally {
    for (const child of running) child.kill('SIGTERM');
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  saveResults('topology', stamp, results, withTopologySection);
  log('bench/RESULTS.md updated');
}

const rps = (r) => Math.round(r?.requestsPerSecond ?? 0).toLocaleString('en-US');
const ms = (value) => (value === null || value === undefined ? '–' : `${Number(value).toFixed(1)}`);

function withTopologySection(markdown, r) {
  const rows = PUBLIC.map(([name, pathname]) => {
    const alone = r.nextStart[name];
    const proxied = r.nginx[3].public[name];
    const ratio = (proxied.requestsPerSecond / alone.requestsPerSecond).toFixed(1);
    const met = Number(ratio) >= 10 && proxied.latencyMs.p99 <= 30 ? 'met' : 'not met';
    return `| \`${pathname}\` | ${rps(alone)} (p99 ${ms(alone.latencyMs.p99)}) | ${rps(proxied)} (p99 ${ms(proxied.latencyMs.p99)}) | ${ratio}× | ${met} |`;
  });
  const scaling = [1, 2, 3].map((n) => {
    const e = r.nginx[n];
    return `| ${n} | ${rps(e.signedInRead)} (p95 ${ms(e.signedInRead.latencyMs.p95)}) | ${rps(e.orderPlacement)} (p95 ${ms(e.orderPlacement.latencyMs.p95)}) | ${e.memoryMb.join(', ')} |`;
  });
  const lh = r.lighthouse ?? {};
  const perf = (name) => lh[name]?.scores?.performance ?? '–';
  const section = [
    '<!-- topology:start -->',
    `## Topology (npm run bench:topology, ${r.stamp})`,
    '',
    `Server side (nginx, instances, PostgreSQL or \`next start\`) pinned to CPU ${SERVER_CPU}, load to CPU ${LOAD_CPU}; ${CONNECTIONS} connections, gzip, ${DURATION} s after ${WARMUP} s warm-up. Budget (docs/PERFORMANCE.md): public reads through nginx ≥ 10× \`next start\` alone and p99 ≤ 30 ms.`,
    '',
    '| public read | next start alone, req/s | nginx + 3 instances, req/s | ratio | budget |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'Signed-in read (`GET /api/order/{email}`, bearer) and order placement (`POST /api/order`) through nginx; every instance shares the one server core, so more instances add no CPU: what they change is queueing.',
    '',
    '| instances | signed-in read, req/s | order placement, req/s | memory per instance, MB |',
    '| --- | --- | --- | --- |',
    ...scaling,
    '',
    `Lighthouse (mobile, median of 3): home through nginx ${perf('home-nginx')}, bare Next page ${perf('bare-next')} (budget: within 3 points).`,
    '<!-- topology:end -->',
  ].join('\n');
  return withSection(markdown, 'topology', section);
}

process.on('SIGINT', () => {
  for (const child of running) child.kill('SIGTERM');
  process.exit(130);
});
await main();
