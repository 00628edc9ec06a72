// `npm run bench [-- --label before|after] [--no-build] [--keep-db] [--duration 10] [--warmup 3]`
//
// Measures the shop beside bare references in one run (docs/PERFORMANCE.md) and writes bench/RESULTS.md: builds what is
// missing, creates a fresh PostgreSQL database, starts every server pinned to CPU 0, drives the load from CPU 1, runs
// Lighthouse and the first-load JS count in Chromium, then grows the database to 1,000 tools and 100,000 orders and
// measures again.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { accessToken, signIn, signUp, tokenOf } from '../scripts/lib/auth-http.mjs';
import { cpuAccount, waitForQuiet } from './lib/cpu.mjs';
import {
  BENCH_ADMIN as ADMIN,
  benchShopEnv,
  CHROME,
  logger,
  DB_PREFIX,
  PG_SERVER,
  seedDatabase,
  stampOf,
  withClient,
} from './lib/common.mjs';
import { renderResults } from './lib/report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = import.meta.dirname;
const outDir = path.join(benchDir, 'out');
const resultsDir = path.join(benchDir, 'results');
const baselineDir = path.join(benchDir, 'baseline');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const require = createRequire(import.meta.url);

const { values: options } = parseArgs({
  options: {
    label: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'lighthouse-runs': { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
    'quiet-wait': { type: 'string', default: '60' },
    'quiet-threshold': { type: 'string', default: '0.35' },
    // `cart`: only the references, the cart read and the checkouts (no browser, no grown database); `order`: only
    // the references and order placement; `read`: only the references and the signed-in reads (for a profile).
    only: { type: 'string' },
    // A directory for the shop's CPU profile (node --cpu-prof), written when the run stops it.
    'cpu-prof': { type: 'string' },
  },
});
const label =
  options.label ?? (existsSync(path.join(resultsDir, 'before.json')) ? 'after' : 'before');
if (!/^[a-z0-9-]+$/.test(label)) throw new Error(`--label must be a plain word, not ${label}`);

const config = {
  connections: Number(options.connections),
  durationSeconds: Number(options.duration),
  warmupSeconds: Number(options.warmup),
  lighthouseRuns: Number(options['lighthouse-runs']),
  // Every target is measured this many times, round-robin; the best round counts (interference only slows).
  rounds: Number(options.rounds),
  // Before each measurement, wait (up to quietWaitSeconds) for the shared machine to fall under this many busy cores.
  quietWaitSeconds: Number(options['quiet-wait']),
  quietThresholdCores: Number(options['quiet-threshold']),
  serverCpu: '0',
  // On a one-core machine nothing can be separated: say so in the results rather than fail.
  loadCpu: os.availableParallelism() > 1 ? '1' : '0',
};

const PORTS = { shop: 3500, bare: 3501, httpPg: 3502 };
const SHOP = `http://localhost:${PORTS.shop}`;
// Load goes to the IPv4 address: no name lookup per connection, and http-pg listens there only.
const SHOP_IP = `http://127.0.0.1:${PORTS.shop}`;
const BARE = `http://127.0.0.1:${PORTS.bare}`;
const HTTP_PG = `http://127.0.0.1:${PORTS.httpPg}`;
const AUTH_SECRET = 'bench-only-auth-secret-0123456789-abcdefghijklmnop';
// The reader keeps a handful of orders; the buyer places the thousands of the order-placement load, so that the
// reader's list stays the size of a real customer's in every round.
const CUSTOMER = {
  name: 'Bench Customer',
  email: 'bench-customer@bench.test',
  password: 'bench-customer-password-2024',
};
const BUYER = {
  name: 'Bench Buyer',
  email: 'bench-buyer@bench.test',
  password: 'bench-buyer-password-2024',
};
const SCALE = { tools: 1000, orders: 100000 };
// Checkouts of this many lines; each connection is a buyer of its own (a checkout empties its cart).
const CHECKOUT_LINES = [1, 10, 50];
const CHECKOUT_CONNECTIONS = 10;
const BENCH_STOCK = 10_000_000;

const startedAt = new Date();
const stamp = stampOf(startedAt);
const database = `${DB_PREFIX}toolhaus_bench_${stamp}`;
const DATABASE_URL = `${PG_SERVER}/${database}`;
const notes = [];
const servers = [];

mkdirSync(outDir, { recursive: true });
mkdirSync(resultsDir, { recursive: true });

const log = logger('bench');

// ---------------------------------------------------------------------------------------------- machine

function cpuModel() {
  const line = readFileSync('/proc/cpuinfo', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('model name'));
  return line?.split(':')[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
}

function commandOutput(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown';
}

function nextServerCount() {
  return commandOutput('ps', ['-eo', 'comm'])
    .split('\n')
    .filter((name) => name.startsWith('next-server')).length;
}

// -------------------------------------------------------------------------------------------- processes

/** Runs a bench/lib script pinned to the load generator's CPU; its stdout is one JSON document. */
function runPinned(script, spec, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      [
        '-c',
        config.loadCpu,
        process.execPath,
        path.join(benchDir, 'lib', script),
        JSON.stringify(spec),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`${script} exited with ${code}: ${stderr.trim().slice(-1500)}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(
          new Error(`${script} printed no JSON: ${stdout.slice(0, 300)} ${stderr.slice(-500)}`),
        );
      }
    });
  });
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts a server pinned to the server CPU in its own process group, logging to bench/out/<name>.log. */
async function startServer(name, args, { cwd, env, readyUrl }) {
  // Something already answering there would be measured instead of our server.
  const taken = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`${readyUrl} already answers: stop whatever listens there first`);
  const logFile = path.join(outDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn('taskset', ['-c', config.serverCpu, process.execPath, ...args], {
    cwd,
    env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  servers.push({ name, child });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with ${child.exitCode}:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not answer ${readyUrl} within 180 s:\n${tail(logFile)}`);
}

async function stopServers() {
  await Promise.all(
    servers.splice(0).map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = (signal) => {
            try {
              process.kill(-child.pid, signal);
            } catch {
              // already gone
            }
          };
          const timer = setTimeout(() => kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          kill('SIGTERM');
        }),
    ),
  );
}

// ------------------------------------------------------------------------------------------------ builds

function newestChange(full) {
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(full, name))),
    stat.mtimeMs,
  );
}

/** Builds when there is no build, or (unless --no-build) when a source changed since the last one. */
function buildIfNeeded(name, { cwd, distDir, sources, command, args, env }) {
  const marker = path.join(cwd, distDir, 'BUILD_ID');
  const built = existsSync(marker);
  const stale =
    built &&
    !options['no-build'] &&
    sources.some((source) => newestChange(path.join(cwd, source)) > statSync(marker).mtimeMs);
  if (built && !stale) {
    log(`${name}: using the existing build in ${path.relative(root, path.join(cwd, distDir))}`);
    return `existing (${statSync(marker).mtime.toISOString()})`;
  }
  log(`${name}: building (${built ? 'sources changed' : 'no build yet'}) …`);
  const logFile = path.join(outDir, `build-${name}.log`);
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  // `next build` adds its dist dir's type globs to tsconfig.json; that file is not the benchmark's to change.
  const tsconfig = path.join(cwd, 'tsconfig.json');
  const tsconfigBefore = existsSync(tsconfig) ? readFileSync(tsconfig) : null;
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', fd, fd] });
  if (tsconfigBefore && !readFileSync(tsconfig).equals(tsconfigBefore)) {
    writeFileSync(tsconfig, tsconfigBefore);
    log(`${name}: restored ${path.relative(root, tsconfig)}, which next build had rewritten`);
  }
  if (result.status !== 0) {
    throw new Error(`${name} build failed (see ${logFile}):\n${tail(logFile, 40)}`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`${name}: built in ${seconds} s`);
  return `built by this run in ${seconds} s`;
}

// ---------------------------------------------------------------------------------------------- database

const sqlOnBench = (text, params) =>
  withClient(DATABASE_URL, (client) => client.query(text, params));

async function growDatabase() {
  return withClient(DATABASE_URL, async (client) => {
    await client.query(
      `INSERT INTO tools (name, about, price_cents, quantity, min_quantity, image, created_at)
       SELECT 'Bench Tool ' || g,
              'A generated catalogue entry for the scale benchmark, number ' || g || '.',
              500 + (g * 37) % 20000, 1000 + g, 1 + g % 50, '/images/tools/claw-hammer.svg',
              now() - g * interval '1 minute'
       FROM generate_series(1, GREATEST(0, $1 - (SELECT count(*) FROM tools WHERE deleted_at IS NULL))) AS g`,
      [SCALE.tools],
    );
    await client.query(
      `WITH t AS (
         SELECT array_agg(id ORDER BY created_at, id) AS ids,
                array_agg(name ORDER BY created_at, id) AS names,
                array_agg(sku ORDER BY created_at, id) AS skus,
                array_agg(price_cents ORDER BY created_at, id) AS prices,
                count(*)::int AS n
         FROM tools WHERE deleted_at IS NULL)
       , grown AS MATERIALIZED (
         SELECT gen_random_uuid() AS document_id, t.ids[1 + g % t.n] AS tool_id, t.names[1 + g % t.n] AS name,
                t.skus[1 + g % t.n] AS sku, t.prices[1 + g % t.n] AS price, 1 + g % 20 AS quantity,
                'bench-buyer-' || (g % 5000) || '@bench.test' AS email, 'Bench Buyer ' || (g % 5000) AS user_name,
                g || ' Bench Street, Springfield' AS address, '+1 555 ' || lpad((g % 10000)::text, 4, '0') AS phone,
                CASE WHEN g % 3 = 0 THEN 'bench_tx_' || g END AS transaction_id,
                CASE WHEN g % 6 = 0 THEN 1 + g % 20 ELSE 0 END AS shipped_quantity,
                now() - g * interval '5 minutes' AS created_at
         FROM t, generate_series(1, $1) AS g
       ), documents AS (
         INSERT INTO checkouts (id, email, user_name, address, phone, total_cents, transaction_id, created_at)
         SELECT document_id, email, user_name, address, phone, price * quantity, transaction_id, created_at
         FROM grown ORDER BY created_at
         RETURNING id, number
       )
       INSERT INTO orders (checkout_id, checkout_number, tool_id, product_name, sku, unit_price_cents, quantity,
                           total_cents, email, user_name, address, phone, paid, transaction_id, shipped_quantity,
                           created_at)
       SELECT documents.id, documents.number, tool_id, name, sku, price, quantity, price * quantity, email,
              user_name, address, phone, transaction_id IS NOT NULL, transaction_id, shipped_quantity, created_at
       FROM grown JOIN documents ON documents.id = grown.document_id`,
      [SCALE.orders],
    );
    // What autovacuum does after a bulk load: fresh statistics and a visibility map, so that counting the
    // orders can read the index alone, as it would on a database that grew over time.
    await client.query('VACUUM ANALYZE tools');
    await client.query('VACUUM ANALYZE orders');
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM tools WHERE deleted_at IS NULL)::int AS tools,
              (SELECT count(*) FROM orders)::int AS orders`,
    );
    return rows[0];
  });
}

// -------------------------------------------------------------------------------------------------- load

/**
 * One request first, so that a broken target is reported as such instead of as a fast stream of errors. A GET is
 * asked twice and the second answer is kept: its x-nextjs-cache header shows the steady state, not a first render.
 */
async function sample(target) {
  const once = async () => {
    const response = await fetch(target.url, {
      method: target.method,
      headers: target.headers,
      body: target.body,
    });
    const body = await response.arrayBuffer();
    // fetch() asks for gzip and unzips: bytes is the body's real size; the headers say how it was served.
    const pick = (name) => response.headers.get(name) ?? undefined;
    return {
      status: response.status,
      bytes: body.byteLength,
      nextjsCache: pick('x-nextjs-cache'),
      cacheControl: pick('cache-control'),
    };
  };
  const first = await once();
  return (target.method ?? 'GET') === 'GET' && first.status < 300 ? once() : first;
}

async function measureOnce(target) {
  const sampled = await sample(target);
  if (sampled.status >= 300) throw new Error(`first request answered HTTP ${sampled.status}`);
  const quiet = await waitForQuiet({
    threshold: config.quietThresholdCores,
    maxSeconds: config.quietWaitSeconds,
  });
  const loadAverage1m = os.loadavg()[0];
  const account = cpuAccount(servers.map(({ child }) => child.pid));
  const result = await runPinned(
    'load.mjs',
    {
      url: target.url,
      method: target.method ?? 'GET',
      headers: target.headers,
      body: target.body,
      connections: target.connections ?? config.connections,
      duration: target.duration ?? config.durationSeconds,
      warmup: config.warmupSeconds,
    },
    ((target.duration ?? config.durationSeconds) + config.warmupSeconds) * 1000 + 120_000,
  );
  return { ...result, sample: sampled, loadAverage1m, quiet, cpu: account.stop() };
}

/** Measures every target config.rounds times, round-robin, and keeps each target's best round. */
async function measureAll(targets) {
  const entries = Object.fromEntries(
    targets.map((target) => {
      const url = new URL(target.url);
      const entry = {
        label: target.label,
        method: target.method ?? 'GET',
        url: target.url,
        path: url.pathname + url.search,
        connections: target.connections ?? config.connections,
        rounds: [],
      };
      return [target.id, entry];
    }),
  );
  for (let round = 1; round <= config.rounds; round += 1) {
    for (const target of targets) {
      try {
        const r = await measureOnce(target);
        entries[target.id].rounds.push(r);
        log(
          `${target.id} (round ${round}): ${Math.round(r.requestsPerSecond)} req/s, p50/p95/p99 ` +
            `${r.latencyMs.p50?.toFixed(1)}/${r.latencyMs.p95?.toFixed(1)}/${r.latencyMs.p99?.toFixed(1)} ms, ` +
            `non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}; ` +
            `others used ${r.cpu.othersCores.toFixed(2)} cores (waited ${r.quiet.waitedSeconds} s for quiet)`,
        );
      } catch (error) {
        entries[target.id].rounds.push({ error: error.message });
        log(`${target.id} (round ${round}): FAILED ${error.message}`);
      }
    }
  }
  for (const entry of Object.values(entries)) {
    const measured = entry.rounds.filter((r) => !r.error);
    if (measured.length === 0) {
      entry.error = entry.rounds[0]?.error ?? 'not measured';
      continue;
    }
    const best = measured.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const { sample: sampled, loadAverage1m, quiet, cpu, ...result } = best;
    Object.assign(entry, { result, sample: sampled, loadAverage1m, quiet, cpu });
    entry.roundsRequestsPerSecond = measured.map((r) => Math.round(r.requestsPerSecond));
  }
  return entries;
}

// ------------------------------------------------------------------------------------------------- steps

function describeMachine() {
  return {
    nproc: os.availableParallelism(),
    cpuModel: cpuModel(),
    memoryBytes: os.totalmem(),
    node: process.version,
    next: require('next/package.json').version,
    lighthouse: require('lighthouse/package.json').version,
    chromium: commandOutput(CHROME, ['--version']),
    postgres: 'unknown',
    loadStart: os.loadavg()[0],
    otherNextServers: nextServerCount(),
  };
}

/** The shop into its own dist dir so that other builds in the tree are left alone; the bare reference app. */
function buildAll(machine) {
  const buildEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  machine.shopBuild = buildIfNeeded('shop', {
    cwd: root,
    distDir: '.next-bench',
    sources: [
      'app',
      'components',
      'lib',
      'public',
      'proxy.ts',
      'instrumentation.ts',
      'next.config.ts',
      'postcss.config.mjs',
      'package.json',
    ],
    command: 'npx',
    args: ['next', 'build'],
    env: { ...buildEnv, NEXT_DIST_DIR: '.next-bench', AUTH_URL: SHOP },
  });
  buildIfNeeded('baseline', {
    cwd: baselineDir,
    distDir: '.next',
    sources: ['app', 'next.config.mjs', 'instrumentation.js'],
    command: process.execPath,
    args: [nextBin, 'build'],
    env: buildEnv,
  });
}

/** A fresh database with the demo catalogue. */
async function createDatabase(machine) {
  machine.postgres = await withClient(`${PG_SERVER}/postgres`, async (client) => {
    await client.query(`CREATE DATABASE "${database}"`);
    const { rows } = await client.query('SHOW server_version');
    return rows[0].server_version;
  });
  log(seedDatabase({ ...process.env, DATABASE_URL }));
}

/** The shop and the two references, all pinned to the server CPU. */
async function startAllServers() {
  const shopEnv = {
    ...benchShopEnv({ databaseUrl: DATABASE_URL, authSecret: AUTH_SECRET }),
    NEXT_DIST_DIR: '.next-bench',
    AUTH_URL: SHOP,
  };
  const referenceEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL };
  const profile = options['cpu-prof']
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options['cpu-prof'])}`]
    : [];
  // As `npm start` runs it in production: Next inside server/instance.mjs, which logs every request and serves the
  // signed-in reads directly (lib/signed-in-reads.ts).
  await startServer('shop', [...profile, path.join(root, 'server', 'instance.mjs')], {
    cwd: root,
    env: { ...shopEnv, PORT: String(PORTS.shop) },
    readyUrl: `${SHOP}/api/tools`,
  });
  await startServer('bare-next', [nextBin, 'start', '-p', String(PORTS.bare)], {
    cwd: baselineDir,
    env: referenceEnv,
    readyUrl: `${BARE}/`,
  });
  await startServer('http-pg', [path.join(baselineDir, 'http-pg.mjs')], {
    cwd: root,
    env: { ...referenceEnv, PORT: String(PORTS.httpPg) },
    readyUrl: `${HTTP_PG}/`,
  });
  log('servers are up');
}

async function placeOrders(count, headers, body) {
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${SHOP}/api/order`, { method: 'POST', headers, body });
    if (response.status !== 201) {
      throw new Error(`POST /api/order: HTTP ${response.status} ${await response.text()}`);
    }
  }
}

/** Accounts, their bearer tokens, the stock that order placement draws from and a few orders to read. */
async function prepareShop() {
  await signUp(SHOP, CUSTOMER);
  await signUp(SHOP, BUYER);
  // The customer reads both ways: a browser's session cookie (My Orders' page) and the bearer token (the API).
  const customerJar = await signIn(SHOP, CUSTOMER);
  const customerToken = await tokenOf(SHOP, CUSTOMER.email, customerJar);
  const asCustomerBrowser = { cookie: customerJar.header() };
  const buyerToken = await accessToken(SHOP, BUYER);
  const adminToken = await accessToken(SHOP, ADMIN);
  const asCustomer = { authorization: `Bearer ${customerToken}` };
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const tools = await (await fetch(`${SHOP}/api/tools`)).json();
  const benchTool = tools[0];
  if (!benchTool) throw new Error('the seeded catalogue is empty');
  await sqlOnBench('UPDATE tools SET min_quantity = 1 WHERE id = $1', [benchTool._id]);
  const restock = async () => {
    // Through the API so that the shop's cached catalogue is invalidated like on any admin write.
    const response = await fetch(`${SHOP}/api/tools/${benchTool._id}`, {
      method: 'PUT',
      headers: { ...asAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({ newQuantity: BENCH_STOCK }),
    });
    if (!response.ok) throw new Error(`restock: HTTP ${response.status} ${await response.text()}`);
  };
  await restock();
  const orderBody = JSON.stringify({
    toolId: benchTool._id,
    quantity: 1,
    address: '1 Benchmark Road, Springfield',
    phone: '+1 555 0100',
  });
  const orderHeaders = {
    authorization: `Bearer ${buyerToken}`,
    'content-type': 'application/json',
  };
  // A few orders so that the reader's own list is not empty.
  await placeOrders(5, { ...asCustomer, 'content-type': 'application/json' }, orderBody);
  // A full first page for the admin list in every round, as in the scale database: otherwise the first round would
  // list only the five orders above and the scale ratio would compare 50 rows with 5.
  await placeOrders(50, orderHeaders, orderBody);
  log(`signed in (customer and admin bearer tokens); bench tool "${benchTool.name}"`);
  const checkout = await prepareCheckouts(asCustomer);
  return {
    asCustomer,
    asCustomerBrowser,
    asAdmin,
    buyerToken,
    orderHeaders,
    orderBody,
    restock,
    checkout,
  };
}

/**
 * 50 tools with stock for every round (a price break each, so that checkouts price at a break), one buyer account
 * per checkout connection, and the reader's cart filled with 10 lines for the cart read.
 */
async function prepareCheckouts(asCustomer) {
  const skus = Array.from({ length: Math.max(...CHECKOUT_LINES) }, (_, i) => `BENCH-${1001 + i}`);
  await sqlOnBench(
    `INSERT INTO tools (sku, name, about, price_cents, quantity, min_quantity, image, price_breaks)
     SELECT sku, 'Bench tool ' || sku, 'A tool for the checkout benchmark', 1000, $2, 1,
            '/images/tools/claw-hammer.svg', '[{"minQuantity": 5, "priceCents": 900}]'::jsonb
     FROM unnest($1::text[]) AS sku`,
    [skus, BENCH_STOCK],
  );
  const tokens = [];
  for (let i = 0; i < CHECKOUT_CONNECTIONS; i += 1) {
    const buyer = {
      name: `Bench Checkout ${i}`,
      email: `bench-checkout-${i}@bench.test`,
      password: `bench-checkout-password-${i}`,
    };
    await signUp(SHOP, buyer);
    tokens.push(await accessToken(SHOP, buyer));
  }
  const asJson = { ...asCustomer, 'content-type': 'application/json' };
  const fillCart = async () => {
    const fill = await fetch(`${SHOP}/api/cart/lines`, {
      method: 'POST',
      headers: asJson,
      body: JSON.stringify({ lines: skus.slice(0, 10).map((sku) => ({ sku, quantity: 10 })) }),
    });
    if (!fill.ok) throw new Error(`cart fill: HTTP ${fill.status} ${await fill.text()}`);
  };
  // One checkout of 10 lines for the checkout read, then the cart filled again for the cart read.
  await fillCart();
  const placed = await fetch(`${SHOP}/api/checkout`, {
    method: 'POST',
    headers: asJson,
    body: JSON.stringify({ address: '1 Benchmark Road, Springfield', phone: '+1 555 0100' }),
  });
  if (placed.status !== 201)
    throw new Error(`checkout: HTTP ${placed.status} ${await placed.text()}`);
  const { checkoutId: readerCheckoutId } = await placed.json();
  await fillCart();
  return { skus, tokens, readerCheckoutId };
}

/** Checkouts of 1, 10 and 50 lines at 10 connections, measured in rounds like every other target. */
async function measureCheckouts(shop) {
  const entries = {};
  for (const lines of CHECKOUT_LINES) {
    const id = `checkout-${lines}`;
    const entry = {
      label: `POST /api/checkout, ${lines} ${lines === 1 ? 'line' : 'lines'}`,
      method: 'POST',
      url: `${SHOP_IP}/api/checkout`,
      path: '/api/checkout',
      connections: CHECKOUT_CONNECTIONS,
      rounds: [],
    };
    for (let round = 1; round <= config.rounds; round += 1) {
      try {
        await waitForQuiet({
          threshold: config.quietThresholdCores,
          maxSeconds: config.quietWaitSeconds,
        });
        const result = await runPinned(
          'checkout-load.mjs',
          {
            shop: SHOP_IP,
            tokens: shop.checkout.tokens,
            lines: shop.checkout.skus.slice(0, lines).map((sku) => ({ sku, quantity: 10 })),
            connections: CHECKOUT_CONNECTIONS,
            duration: config.durationSeconds,
            warmup: config.warmupSeconds,
          },
          (config.durationSeconds + config.warmupSeconds) * 1000 + 120_000,
        );
        entry.rounds.push(result);
        log(
          `${id} (round ${round}): ${Math.round(result.requestsPerSecond)} checkouts/s, p50/p95/p99 ` +
            `${result.latencyMs.p50?.toFixed(1)}/${result.latencyMs.p95?.toFixed(1)}/${result.latencyMs.p99?.toFixed(1)} ms, ` +
            `non-2xx ${result.non2xx}`,
        );
      } catch (error) {
        entry.rounds.push({ error: error.message });
        log(`${id} (round ${round}): FAILED ${error.message}`);
      }
    }
    const measured = entry.rounds.filter((r) => !r.error);
    if (measured.length === 0) entry.error = entry.rounds[0]?.error ?? 'not measured';
    else {
      entry.result = measured.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
      entry.roundsRequestsPerSecond = measured.map((r) => Math.round(r.requestsPerSecond));
    }
    entries[id] = entry;
  }
  return entries;
}

/** Every target measured on the small catalogue: the bare references, then the shop's pages and calls. */
function loadTargets(shop) {
  return [
    { id: 'ref-http-pg', label: 'bare node:http + pg', url: `${HTTP_PG}/` },
    { id: 'ref-next-static', label: 'bare Next static page', url: `${BARE}/` },
    { id: 'ref-next-static-big', label: 'bare Next static page, home-sized', url: `${BARE}/big` },
    { id: 'ref-next-route', label: 'bare Next route handler + 1 query', url: `${BARE}/api/query` },
    {
      id: 'ref-next-page',
      label: 'bare Next dynamic page + 1 query',
      url: `${BARE}/orders`,
    },
    {
      id: 'ref-next-write',
      label: 'bare Next route handler + 1 committed update of one row',
      url: `${BARE}/api/write`,
      method: 'POST',
    },
    {
      id: 'ref-next-static-json',
      label: 'bare Next static route handler, cached JSON',
      url: `${BARE}/api/catalogue`,
    },
    { id: 'home', label: 'shop home page', url: `${SHOP_IP}/` },
    { id: 'api-tools', label: 'GET /api/tools', url: `${SHOP_IP}/api/tools` },
    { id: 'api-reviews', label: 'GET /api/reviews', url: `${SHOP_IP}/api/reviews` },
    {
      id: 'api-my-orders',
      label: 'GET /api/order/{email}',
      url: `${SHOP_IP}/api/order/${encodeURIComponent(CUSTOMER.email)}`,
      headers: shop.asCustomer,
    },
    {
      id: 'api-checkout-read',
      label: 'GET /api/checkout/{id} (10 lines)',
      url: `${SHOP_IP}/api/checkout/${shop.checkout.readerCheckoutId}`,
      headers: shop.asCustomer,
    },
    {
      id: 'my-orders-page',
      label: "My Orders' page (session cookie)",
      url: `${SHOP_IP}/dashboard/myorder`,
      headers: shop.asCustomerBrowser,
    },
    {
      // The dashboard's layout, the session and one read: what every signed-in page costs before its own content.
      id: 'update-profile-page',
      label: 'Update Profile page (session cookie)',
      url: `${SHOP_IP}/dashboard/updateprofile`,
      headers: shop.asCustomerBrowser,
    },
    {
      id: 'api-admin-orders',
      label: 'GET /api/order?page=1&limit=50',
      url: `${SHOP_IP}/api/order?page=1&limit=50`,
      headers: shop.asAdmin,
    },
    {
      id: 'api-cart',
      label: 'GET /api/cart (10 lines)',
      url: `${SHOP_IP}/api/cart`,
      headers: shop.asCustomer,
    },
    {
      id: 'order-place',
      label: 'POST /api/order',
      url: `${SHOP_IP}/api/order`,
      method: 'POST',
      headers: shop.orderHeaders,
      body: shop.orderBody,
    },
  ];
}

/** A variant of a target: one connection, the time one request takes without queueing behind 49 others. */
const unloaded = (targets, id) => ({
  ...targets.find((t) => t.id === id),
  id: `${id}-1c`,
  connections: 1,
  duration: 5,
});

/** A variant of a target asking for gzip, as browsers do (next start compresses; autocannon asks for nothing). */
const gzip = (targets, id) => ({
  ...targets.find((t) => t.id === id),
  id: `${id}-gzip`,
  headers: { 'accept-encoding': 'gzip' },
});

function measureSmallCatalogue(targets) {
  return measureAll([
    ...targets,
    { ...targets.find((t) => t.id === 'order-place'), id: 'order-place-10c', connections: 10 },
    gzip(targets, 'ref-next-static-big'),
    gzip(targets, 'home'),
    unloaded(targets, 'home'),
    unloaded(targets, 'api-admin-orders'),
  ]);
}

/** First-load JS and Lighthouse on the small catalogue, pinned to the load generator's CPU. */
async function measureInBrowser() {
  const pages = [
    { name: 'shop', url: `${SHOP}/` },
    { name: 'bare', url: `http://localhost:${PORTS.bare}/` },
  ];
  let jsWeight;
  try {
    jsWeight = await runPinned('js-weight.mjs', { pages, chromePath: CHROME }, 180_000);
    log(
      `first-load JS: shop ${jsWeight.shop.scriptEncodedBytes} B, bare ${jsWeight.bare.scriptEncodedBytes} B (gzip)`,
    );
  } catch (error) {
    jsWeight = { error: error.message };
    log(`first-load JS: FAILED ${error.message}`);
  }
  // Chromium's paint holding keeps a navigation's first frame off screen for 1–2 s in most of our Lighthouse runs
  // (bench/RESULTS.md caveats); both pages are audited again without it to show how much of a score that is.
  const withoutPaintHolding = pages.map((page) => ({
    ...page,
    name: `${page.name}-no-paint-holding`,
    chromeFlags: ['--disable-features=PaintHolding'],
  }));
  // The bare page has no stylesheet at all; the same page with one small stylesheet shows what a render-blocking
  // stylesheet alone does to the first frame here, since every styled page, the shop's included, has one.
  const styledBare = { name: 'bare-styled', url: `http://localhost:${PORTS.bare}/styled` };
  const audited = [...pages, styledBare, ...withoutPaintHolding];
  let lighthouse;
  try {
    lighthouse = await runPinned(
      'lighthouse.mjs',
      {
        pages: audited,
        runs: config.lighthouseRuns,
        chromePath: CHROME,
        outDir,
        quiet: { threshold: config.quietThresholdCores, maxSeconds: config.quietWaitSeconds },
      },
      // Per audited page: 5 minutes of audits, and each run's wait for a quiet machine.
      audited.length * (300_000 + config.lighthouseRuns * config.quietWaitSeconds * 1000),
    );
    for (const [page, summary] of Object.entries(lighthouse)) {
      log(`lighthouse ${page}: ${JSON.stringify(summary.scores)}`);
    }
  } catch (error) {
    lighthouse = { error: error.message };
    log(`lighthouse: FAILED ${error.message}`);
  }
  return { jsWeight, lighthouse };
}

/** The same reads on a database grown to SCALE: returns what it holds and the measurements. */
async function measureAtScale(targets, shop) {
  log(`growing the database to ${SCALE.tools} tools and ${SCALE.orders} orders …`);
  const grown = await growDatabase();
  await shop.restock();
  const {
    rows: [buyerOrders],
  } = await sqlOnBench('SELECT count(*)::int AS n FROM orders WHERE email = $1', [BUYER.email]);
  grown.buyerOrders = buyerOrders.n;
  log(
    `database now holds ${grown.tools} tools and ${grown.orders} orders (${grown.buyerOrders} of them the buyer's)`,
  );
  const load = await measureAll([
    { ...targets.find((t) => t.id === 'api-admin-orders'), id: 'scale-admin-orders' },
    { ...targets.find((t) => t.id === 'home'), id: 'scale-home' },
    { ...unloaded(targets, 'api-admin-orders'), id: 'scale-api-admin-orders-1c' },
    { ...unloaded(targets, 'home'), id: 'scale-home-1c' },
    {
      id: 'scale-buyer-orders',
      label: 'GET /api/order/{email} of the buyer',
      url: `${SHOP_IP}/api/order/${encodeURIComponent(BUYER.email)}`,
      headers: { authorization: `Bearer ${shop.buyerToken}` },
    },
  ]);
  return { grown, load };
}

// -------------------------------------------------------------------------------------------------- main

async function main() {
  const machine = describeMachine();
  log(`label "${label}", database ${database}, load average ${machine.loadStart.toFixed(2)}`);
  buildAll(machine);
  await createDatabase(machine);
  await startAllServers();
  const shop = await prepareShop();
  const targets = loadTargets(shop);
  if (options.only === 'cart') return measureCartOnly(machine, targets, shop);
  if (options.only === 'order') return measureOrderOnly(machine, targets);
  if (options.only === 'read') return measureReadOnly(machine, targets);
  const load = await measureSmallCatalogue(targets);
  Object.assign(load, await measureCheckouts(shop));
  const { jsWeight, lighthouse } = await measureInBrowser();
  const scale = await measureAtScale(targets, shop);
  Object.assign(load, scale.load);

  return finishedRun(machine, { load, lighthouse, jsWeight, scale: scale.grown });
}

/** The run's record: what was measured, on which machine, with which settings. */
function finishedRun(machine, measured) {
  if (config.loadCpu === config.serverCpu) {
    notes.push('One CPU only: server and load generator shared it.');
  }
  machine.loadEnd = os.loadavg()[0];
  return {
    label,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    database,
    machine,
    config,
    ...measured,
    notes,
  };
}

/** `--only cart`: the references, the cart read, order placement at 10 connections and the checkouts. */
async function measureCartOnly(machine, targets, shop) {
  const wanted = ['ref-http-pg', 'ref-next-route', 'ref-next-write', 'api-cart', 'order-place'];
  const load = await measureAll([
    ...targets.filter((target) => wanted.includes(target.id)),
    { ...targets.find((t) => t.id === 'order-place'), id: 'order-place-10c', connections: 10 },
  ]);
  Object.assign(load, await measureCheckouts(shop));
  notes.push(
    'Only the cart and checkout targets and their references were measured (--only cart).',
  );
  return finishedRun(machine, { load, lighthouse: null, jsWeight: null, scale: null });
}

/** `--only order`: the references and order placement at 50 and 10 connections. */
async function measureOrderOnly(machine, targets) {
  const wanted = ['ref-http-pg', 'ref-next-route', 'ref-next-write', 'order-place'];
  const load = await measureAll([
    ...targets.filter((target) => wanted.includes(target.id)),
    { ...targets.find((t) => t.id === 'order-place'), id: 'order-place-10c', connections: 10 },
  ]);
  notes.push('Only order placement and its references were measured (--only order).');
  return finishedRun(machine, { load, lighthouse: null, jsWeight: null, scale: null });
}

/** `--only read`: the references and the signed-in reads, so that a profile holds little else. */
async function measureReadOnly(machine, targets) {
  const wanted = [
    'ref-http-pg',
    'ref-next-route',
    'ref-next-page',
    'api-my-orders',
    'api-cart',
    'api-checkout-read',
    'my-orders-page',
    'update-profile-page',
  ];
  const load = await measureAll(targets.filter((target) => wanted.includes(target.id)));
  notes.push('Only the signed-in reads and their references were measured (--only read).');
  return finishedRun(machine, { load, lighthouse: null, jsWeight: null, scale: null });
}

async function cleanUp() {
  await stopServers();
  if (options['keep-db']) {
    log(`kept database ${database} (${DATABASE_URL})`);
    return;
  }
  await withClient(`${PG_SERVER}/postgres`, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  ).catch((error) => log(`could not drop ${database}: ${error.message}`));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Writes a file as the repository's Prettier settings would leave it, so that format checks pass. */
async function writeFormatted(file, text) {
  const settings = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(text, { ...settings, filepath: file }));
}

let run;
try {
  run = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}

if (run) {
  const official = label === 'before' || label === 'after';
  const resultFile = path.join(official ? resultsDir : outDir, `${label}.json`);
  await writeFormatted(resultFile, JSON.stringify(run, null, 2));
  const read = (name) => {
    const file = path.join(resultsDir, `${name}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  };
  // Other labels (trial runs) leave bench/results and RESULTS.md alone: they go to bench/out.
  const before = label === 'before' || !official ? run : read('before');
  const after = label === 'after' ? run : official ? read('after') : null;
  const target = official
    ? path.join(benchDir, 'RESULTS.md')
    : path.join(outDir, `RESULTS-${label}.md`);
  // The sections the other benches write (each from its first `<!-- name:start -->` marker on) stay as they are.
  const previous = official && existsSync(target) ? readFileSync(target, 'utf8') : '';
  const othersAt = previous.indexOf('\n<!-- ');
  const others = othersAt === -1 ? '' : `\n${previous.slice(othersAt)}`;
  await writeFormatted(target, `${renderResults({ before, after }).trimEnd()}\n${others}`);
  log(`wrote ${path.relative(root, resultFile)} and ${path.relative(root, target)}`);
}
