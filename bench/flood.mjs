// `npm run bench:flood [-- --app <dir>] [--label after] [--postgres] [--attempts 10000] [--concurrency 200]`
//
// A flood of wrong passwords against one account, and what it does to everyone else: starts one shop
// instance (server/instance.mjs, as `npm start` does) on a fresh database (PGlite in a temporary DATA_DIR, or a fresh
// PostgreSQL database with --postgres), measures other visitors' catalogue searches idle, then again while
// `attempts` sign-ins with wrong passwords for one account arrive `concurrency` at a time from one address. Reports
// the flood's answer rate, p50 and max, and the searches' p50/p99 idle, during the flood and during as many
// GET /api/health (the reference a refused sign-in is held to: within 1.5x, same run). `--app` serves another
// build (a copy of an older commit, built there) so a before and an after are measured in one session.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { signUp } from '../scripts/lib/auth-http.mjs';
import {
  benchShopEnv,
  logger,
  DB_PREFIX,
  PG_SERVER,
  saveResults,
  stampOf,
  waitForOk,
  withClient,
  withSection,
} from './lib/common.mjs';

const { values: options } = parseArgs({
  options: {
    app: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    label: { type: 'string', default: 'after' },
    postgres: { type: 'boolean', default: false },
    attempts: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '200' },
    'read-concurrency': { type: 'string', default: '4' },
    'idle-seconds': { type: 'string', default: '15' },
    port: { type: 'string', default: process.env.FLOOD_PORT ?? '3500' },
    // A directory for the server's CPU profile (node --cpu-prof), written when it stops.
    'cpu-prof': { type: 'string' },
  },
});
const log = logger('flood');
const app = path.resolve(options.app);
const port = Number(options.port);
const base = `http://127.0.0.1:${port}`;
const attempts = Number(options.attempts);
const concurrency = Number(options.concurrency);
const readConcurrency = Number(options['read-concurrency']);
const stamp = stampOf();
const database = options.postgres ? 'PostgreSQL' : 'PGlite';
const VICTIM = {
  name: 'Flood Victim',
  email: 'flood-victim@bench.test',
  password: 'the-right-one-42',
};
// A search that reads the database on every call (the catalogue list is cached).
const SEARCH = `${base}/api/tools?q=hammer`;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
  };
};

async function startShop() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flood-'));
  let databaseUrl;
  if (options.postgres) {
    const name = `${DB_PREFIX}flood_${stamp}_${options.label.replace(/\W/g, '_')}`;
    await withClient(`${PG_SERVER}/postgres`, (client) => client.query(`CREATE DATABASE ${name}`));
    databaseUrl = `${PG_SERVER}/${name}`;
  }
  const env = benchShopEnv({
    databaseUrl,
    authSecret: 'flood-bench-secret-flood-bench-secret-0123',
  });
  if (!databaseUrl) delete env.DATABASE_URL;
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, TRUSTED_PROXIES: '0' });
  const out = openSync(path.join(dataDir, 'server.log'), 'a');
  // The server on CPU 0.
  const server = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      ...(options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${options['cpu-prof']}`] : []),
      path.join(app, 'server', 'instance.mjs'),
    ],
    {
      cwd: app,
      env,
      stdio: ['ignore', out, out],
    },
  );
  await waitForOk(`${base}/api/ready`);
  return {
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const name = databaseUrl.split('/').at(-1);
        await withClient(`${PG_SERVER}/postgres`, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        );
      }
    },
  };
}

/** Catalogue searches, `readConcurrency` at a time, until `until()` says stop; answers each one's time. */
async function readCatalogue(until) {
  const times = [];
  let failed = 0;
  const worker = async () => {
    while (!until()) {
      const started = performance.now();
      const response = await fetch(SEARCH).catch(() => null);
      const read = response
        ? await response.arrayBuffer().then(
            () => true,
            () => false,
          )
        : false;
      if (read && response?.ok) times.push(performance.now() - started);
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: readConcurrency }, worker));
  return { ...summary(times), failed };
}

/**
 * `attempts` wrong-password sign-ins for the victim, `concurrency` at a time, on one CSRF cookie and token; or, kind
 * 'health', as many GET /api/health: the reference a refused sign-in should cost no more than.
 */
async function flood(kind = 'sign-in') {
  const worker = new Worker(new URL('./lib/flood-worker.mjs', import.meta.url), {
    workerData: { base, attempts, concurrency, email: VICTIM.email, kind },
  });
  const [{ seconds, times, outcomes }] = await once(worker, 'message');
  await worker.terminate();
  return {
    answersPerSecond: Math.round(attempts / seconds),
    seconds: round(seconds),
    ...summary(times),
    outcomes,
  };
}

/** The server's own time for the searches between `from` and `to` (epoch ms), from its request log lines. */
function serverSearchTimes(logFile, from, to) {
  const times = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"route":"/api/tools"')) continue;
    const entry = JSON.parse(line);
    const at = Date.parse(entry.time);
    if (entry.msg === 'request' && at >= from && at <= to) times.push(entry.durationMs);
  }
  return summary(times);
}

// This load generator (and the flood's worker thread, created later) on CPU 1, away from the server's CPU 0.
if (os.availableParallelism() > 1) execFileSync('taskset', ['-p', '-c', '1', String(process.pid)]);
log(`${database}, app ${app}, label ${options.label}`);
const shop = await startShop();
try {
  await signUp(base, VICTIM);
  // Warm up: compile the routes once.
  await readCatalogue(
    (
      (deadline) => () =>
        performance.now() > deadline
    )(performance.now() + 3000),
  );
  const idleUntil = performance.now() + Number(options['idle-seconds']) * 1000;
  const idleFrom = Date.now();
  const idle = await readCatalogue(() => performance.now() > idleUntil);
  const idleTo = Date.now();
  log(`idle searches: p50 ${idle.p50} ms, p99 ${idle.p99} ms (${idle.count})`);
  // Other visitors' searches during a flood, and the flood's own figures.
  const duringFlood = async (kind) => {
    let flooding = true;
    const from = Date.now();
    const [result, searches] = await Promise.all([
      flood(kind).finally(() => {
        flooding = false;
      }),
      readCatalogue(() => !flooding),
    ]);
    return { result, searches, from, to: Date.now() };
  };
  // The reference in the same run: a flood of as many health checks, before and after the wrong passwords so that a
  // drift of the shared machine's load falls on both sides.
  const healthBefore = await duringFlood('health');
  const signIns = await duringFlood('sign-in');
  const healthAfter = await duringFlood('health');
  const floodResult = signIns.result;
  const during = signIns.searches;
  const logFile = path.join(shop.dataDir, 'server.log');
  const inServer = {
    idle: serverSearchTimes(logFile, idleFrom, idleTo),
    during: serverSearchTimes(logFile, signIns.from, signIns.to),
  };
  const healthSearches = summary([]);
  for (const key of ['p50', 'p99']) {
    healthSearches[key] = round((healthBefore.searches[key] + healthAfter.searches[key]) / 2);
  }
  healthSearches.count = healthBefore.searches.count + healthAfter.searches.count;
  const health = {
    before: { flood: healthBefore.result, searches: healthBefore.searches },
    after: { flood: healthAfter.result, searches: healthAfter.searches },
    searches: healthSearches,
    // Other visitors' search p50 during the wrong passwords over during the health checks: the budget is 1.5.
    ratioP50: round(during.p50 / healthSearches.p50),
  };
  log(
    `health-check floods: ${healthBefore.result.answersPerSecond}/s and ${healthAfter.result.answersPerSecond}/s; searches meanwhile p50 ${healthSearches.p50} ms, p99 ${healthSearches.p99} ms; wrong passwords / health p50 ${health.ratioP50}`,
  );
  log(
    `flood: ${floodResult.answersPerSecond}/s, p50 ${floodResult.p50} ms, max ${floodResult.max} ms, ${JSON.stringify(floodResult.outcomes)}`,
  );
  log(
    `searches during the flood: p50 ${during.p50} ms, p99 ${during.p99} ms (${during.count}, ${during.failed} failed); in the server: idle p50 ${inServer.idle.p50} ms, p99 ${inServer.idle.p99} ms, during p50 ${inServer.during.p50} ms, p99 ${inServer.during.p99} ms`,
  );
  const results = {
    label: options.label,
    database,
    at: new Date().toISOString(),
    machine: `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} at the end (shared)`,
    attempts,
    concurrency,
    readConcurrency,
    flood: floodResult,
    searches: { idle, during, inServer },
    health,
  };
  saveResults(`flood-${database.toLowerCase()}-${options.label}`, stamp, results, (markdown) =>
    withSection(markdown, `flood-${database.toLowerCase()}-${options.label}`, section(results)),
  );
} finally {
  await shop.stop();
}

function section(results) {
  const { flood: f, searches, health } = results;
  const name = `flood-${results.database.toLowerCase()}-${results.label}`;
  return [
    `<!-- ${name}:start -->`,
    `### Flood against one account: ${results.label}, ${results.database} (npm run bench:flood, ${results.at})`,
    '',
    `${results.attempts} wrong passwords for one account from one address, ${results.concurrency} at a time; catalogue searches (\`GET /api/tools?q=hammer\`) ${results.readConcurrency} at a time. Machine: ${results.machine}.`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| flood answered | ${f.answersPerSecond}/s over ${f.seconds} s |`,
    `| flood p50 / max | ${f.p50} ms / ${f.max} ms |`,
    `| flood outcomes | ${Object.entries(f.outcomes)
      .map(([outcome, count]) => `${outcome}: ${count}`)
      .join(', ')} |`,
    `| searches idle p50 / p99 | ${searches.idle.p50} ms / ${searches.idle.p99} ms (${searches.idle.count}) |`,
    `| searches during the flood p50 / p99 | ${searches.during.p50} ms / ${searches.during.p99} ms (${searches.during.count}, ${searches.during.failed} failed) |`,
    `| the same searches in the server's log, idle → during, p50 / p99 | ${searches.inServer.idle.p50} / ${searches.inServer.idle.p99} ms → ${searches.inServer.during.p50} / ${searches.inServer.during.p99} ms |`,
    `| reference: as many \`GET /api/health\`, before and after | ${health.before.flood.answersPerSecond}/s and ${health.after.flood.answersPerSecond}/s |`,
    `| searches during the health checks p50 / p99 | ${health.searches.p50} ms / ${health.searches.p99} ms (${health.searches.count}) |`,
    `| **searches' p50, wrong passwords / health checks (budget ≤ 1.5)** | **${health.ratioP50}** |`,
    `<!-- ${name}:end -->`,
  ].join('\n');
}
