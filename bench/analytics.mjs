// `npm run bench:analytics`: the analytics page at 10,000 and 100,000 orders, beside a reference page of the same
// dashboard in the same run (budget: ≤ 300 ms server time at 100,000), and an uploaded photo served through
// nginx beside a static file of the same size. PostgreSQL; `next start` pinned to CPU 0, the load to CPU 1. Writes the
// "Analytics and photos" section of bench/RESULTS.md and bench/results/analytics-<stamp>.json.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, nextBin, projectRoot as root } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/cluster.mjs';
import { accessToken, signIn } from '../scripts/lib/auth-http.mjs';
import {
  BENCH_ADMIN as ADMIN,
  benchShopEnv,
  logger,
  PG_SERVER,
  runPinnedSync,
  saveResults,
  seedDatabase,
  stampOf,
  waitForOk,
  withSection,
} from './lib/common.mjs';

const stamp = stampOf();
const database = `toolhaus_analytics_${stamp}`;
const DATABASE_URL = `${PG_SERVER}/${database}`;
const log = logger('analytics');
const env = benchShopEnv({
  databaseUrl: DATABASE_URL,
  authSecret: 'bench-analytics-secret-0123456789-abcdefghijklmnop',
});
const year = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

/** The pages measured, each one connection (latency ≈ server time + loopback): the reference first. */
const PAGES = {
  'reference: /dashboard/manageorder (same layout and guard, list loaded by the browser)':
    '/dashboard/manageorder',
  'analytics, last 90 days (default)': '/dashboard/analytics',
  'analytics, last 12 months by month': `/dashboard/analytics?from=${year}&interval=month`,
  'GET /api/analytics, last 90 days': '/api/analytics',
};

const measure = (url, headers, connections = 1) =>
  runPinnedSync('1', 'load.mjs', { url, headers, connections, duration: 6, warmup: 2 });

/** The seed's history (lib/db/seed-history.ts) for `orders` orders, through the seed command itself. */
function seedHistory(orders) {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'lib/db/seed-cli.ts',
      '--history',
      '--orders',
      String(orders),
    ],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`history seed failed: ${run.stderr}`);
}

/** Grows the orders to `total` by copying the history's, each copy on another day of the last year. */
async function growTo(db, total) {
  await db.query(
    `WITH grown AS MATERIALIZED (
       SELECT gen_random_uuid() AS document_id, tool_id, user_id, product_name, sku, unit_price_cents, quantity,
              total_cents, email, user_name, address, phone, paid,
              CASE WHEN paid THEN 'bench_copy_' || n || '_' || number END AS transaction_id, paid_at, shipped_quantity,
              now() - make_interval(days => floor(random() * 365)::int, secs => floor(random() * 86400)::int) AS created_at
       FROM generate_series(1, 20) AS n, orders
       LIMIT greatest(0, $1 - (SELECT count(*) FROM orders))
     ), documents AS (
       INSERT INTO checkouts (id, user_id, email, user_name, address, phone, total_cents, transaction_id, created_at)
       SELECT document_id, user_id, email, user_name, address, phone, total_cents, transaction_id, created_at FROM grown
       RETURNING id, number
     )
     INSERT INTO orders (checkout_id, checkout_number, tool_id, user_id, product_name, sku, unit_price_cents, quantity,
                         total_cents, email, user_name, address, phone, paid, transaction_id, paid_at,
                         shipped_quantity, created_at)
     SELECT documents.id, documents.number, tool_id, user_id, product_name, sku, unit_price_cents, quantity,
            total_cents, email, user_name, address, phone, paid, transaction_id, paid_at, shipped_quantity, created_at
     FROM grown JOIN documents ON documents.id = grown.document_id`,
    [total],
  );
  await db.query('ANALYZE orders');
}

async function pagesAt(base, cookie, results, total) {
  results.pages[total] = {};
  for (const [name, pathname] of Object.entries(PAGES)) {
    const r = measure(`${base}${pathname}`, { cookie });
    results.pages[total][name] = { p50: r.latencyMs.p50, p95: r.latencyMs.p95, non2xx: r.non2xx };
    log(
      `${total} orders, ${name}: p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, non-2xx ${r.non2xx}`,
    );
  }
}

/** One photo uploaded through nginx, then read through it beside a static file of the same size from disk. */
async function photoThroughNginx(results) {
  const spec = { instances: 1, databaseUrl: DATABASE_URL, env: { AUTH_SECRET: env.AUTH_SECRET } };
  const cluster = spawn(
    'taskset',
    [
      '-c',
      '0',
      process.execPath,
      path.join(import.meta.dirname, 'lib', 'cluster-process.mjs'),
      JSON.stringify(spec),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const { url } = await new Promise((resolve, reject) => {
    cluster.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
    cluster.once('exit', (code) => reject(new Error(`cluster exited ${code}`)));
  });
  const staticCopy = path.join(root, '.next', 'static', `bench-photo-${stamp}.webp`);
  try {
    const token = await accessToken(url, ADMIN);
    const sharp = (await import('sharp')).default;
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([photo], 'bench.jpg', { type: 'image/jpeg' }));
    const uploaded = await fetch(`${url}/api/uploads`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const { url: photoPath } = await uploaded.json();
    const stored = Buffer.from(await (await fetch(`${url}${photoPath}`)).arrayBuffer());
    writeFileSync(staticCopy, stored);
    results.photo = { bytes: stored.length };
    for (const [name, target] of [
      [
        'static file of the same size (nginx, from disk)',
        `/_next/static/${path.basename(staticCopy)}`,
      ],
      ['uploaded photo (nginx cache → instance → PostgreSQL)', photoPath],
    ]) {
      const r = measure(`${url}${target}`, {}, 20);
      results.photo[name] = { rps: r.requestsPerSecond, p95: r.latencyMs.p95, non2xx: r.non2xx };
      log(
        `${name}: ${Math.round(r.requestsPerSecond)} req/s, p95 ${r.latencyMs.p95} ms (${stored.length} bytes, 20 connections)`,
      );
    }
  } finally {
    rmSync(staticCopy, { force: true });
    cluster.kill('SIGTERM');
    await new Promise((resolve) => cluster.once('exit', resolve));
  }
}

async function main() {
  buildIfStale();
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  const results = { stamp, pages: {}, photo: {} };
  let server;
  try {
    seedDatabase(env);
    seedHistory(10_000);
    await db.connect();
    await db.query('ANALYZE orders');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('taskset', ['-c', '0', process.execPath, nextBin, 'start', '-p', String(port)], {
      cwd: root,
      env: { ...env, AUTH_URL: `http://localhost:${port}` },
      stdio: 'ignore',
    });
    await waitForOk(`${base}/api/ready`);
    const cookie = (await signIn(base, ADMIN)).header();
    for (const total of [10_000, 100_000]) {
      await growTo(db, total);
      await pagesAt(base, cookie, results, total);
    }
    server.kill('SIGTERM');
    server = undefined;
    await photoThroughNginx(results);
  } finally {
    server?.kill('SIGTERM');
    await db.end().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  saveResults('analytics', stamp, results, withAnalyticsSection);
  log('bench/RESULTS.md updated');
}

function withAnalyticsSection(markdown, r) {
  const reference = Object.keys(PAGES)[0];
  const section = [
    '<!-- analytics:start -->',
    `## Analytics and photos (npm run bench:analytics, ${r.stamp})`,
    '',
    'Each page with one connection (so latency is server time plus loopback), `next start` on CPU 0, the signed-in admin. Budget (docs/PERFORMANCE.md): the analytics page ≤ 300 ms server time at 100,000 orders. The reference is a dashboard page of the same layout and guards that queries nothing else, measured in the same run.',
    '',
    '| orders | page | p50 ms | p95 ms | p50 − reference |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(r.pages).flatMap(([total, pages]) =>
      Object.entries(pages).map(
        ([name, m]) =>
          `| ${Number(total).toLocaleString('en-US')} | ${name} | ${m.p50?.toFixed(1)} | ${m.p95?.toFixed(1)} | ${name === reference ? '–' : (m.p50 - pages[reference].p50).toFixed(1)} |`,
      ),
    ),
    '',
    `An uploaded photo (${r.photo.bytes} bytes of WebP) through nginx, 20 connections, beside a static file of the same size that nginx serves from disk:`,
    '',
    '| target | req/s | p95 ms |',
    '| --- | --- | --- |',
    ...Object.entries(r.photo)
      .filter(([, m]) => typeof m === 'object')
      .map(([name, m]) => `| ${name} | ${Math.round(m.rps)} | ${m.p95?.toFixed(1)} |`),
    '<!-- analytics:end -->',
  ].join('\n');
  return withSection(markdown, 'analytics', section);
}

await main();
