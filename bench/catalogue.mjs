// `npm run bench:catalogue`: catalogue search at 10,000 tools and the CSV export at 10,000 and 100,000 orders
// (docs/PERFORMANCE.md), on PostgreSQL, `next start` pinned to CPU 0 and the load to CPU 1. Writes the
// "Catalogue search and export" section of bench/RESULTS.md and bench/results/catalogue-<stamp>.json.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { buildIfStale, nextBin, projectRoot as root } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/cluster.mjs';
import { accessToken } from '../scripts/lib/auth-http.mjs';
import {
  BENCH_ADMIN as ADMIN,
  benchShopEnv,
  logger,
  PG_SERVER,
  rssMb,
  runPinnedSync,
  saveResults,
  seedDatabase,
  stampOf,
  waitForOk,
  withSection,
} from './lib/common.mjs';

const stamp = stampOf();
const database = `toolhaus_catalogue_${stamp}`;
const DATABASE_URL = `${PG_SERVER}/${database}`;
const QUERIES = ['wrench', 'wrech', 'cordless drill', 'grinder 125', 'zzzz'];
const log = logger('catalogue');

const env = benchShopEnv({
  databaseUrl: DATABASE_URL,
  authSecret: 'bench-catalogue-secret-0123456789-abcdefghijklmnop',
});

function load(url, headers) {
  return runPinnedSync('1', 'load.mjs', { url, headers, connections: 1, duration: 5, warmup: 1 });
}

/** Downloads the export while sampling the server's resident memory every 20 ms. */
async function exportRun(base, token, pid) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/order/export`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { status: response.status, seconds, megabytes: bytes / 1e6, rssGrowthMb: peak - baseline };
}

async function main() {
  buildIfStale();
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const db = new pg.Client({ connectionString: DATABASE_URL });
  const results = { stamp, search: {}, plans: {}, export: {} };
  let server;
  try {
    seedDatabase(env);
    await db.connect();
    // The shop's session setting for typo matching (lib/db/session-settings.ts), so that the plans below are its plans.
    await db.query('SET pg_trgm.word_similarity_threshold = 0.4');
    // 10,000 tools: the demo catalogue's names with sizes and series, so words repeat as in a real catalogue.
    await db.query(`
      INSERT INTO tools (name, about, price_cents, quantity, min_quantity, image)
      SELECT t.name || ' ' || (n % 40 + 1) || ' series ' || n, t.about, t.price_cents + n % 500, 1000 + n % 5000,
             t.min_quantity, t.image
      FROM generate_series(1, 10000 - (SELECT count(*) FROM tools)) AS n,
           LATERAL (SELECT * FROM tools ORDER BY id OFFSET (n % (SELECT count(*) FROM tools)) LIMIT 1) AS t`);
    await db.query('ANALYZE tools');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('taskset', ['-c', '0', process.execPath, nextBin, 'start', '-p', String(port)], {
      cwd: root,
      env: { ...env, AUTH_URL: `http://localhost:${port}` },
      stdio: 'ignore',
    });
    await waitForOk(`${base}/api/ready`);
    for (const q of QUERIES) {
      const url = `${base}/api/tools?q=${encodeURIComponent(q)}`;
      const r = load(url);
      results.search[q] = {
        p50: r.latencyMs.p50,
        p95: r.latencyMs.p95,
        rps: r.requestsPerSecond,
        non2xx: r.non2xx,
      };
      log(
        `search "${q}": p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms (1 connection, the whole request)`,
      );
      // The plan of the statement the service runs (lib/tools/search.ts): part numbers, words, then typos, each kind
      // a branch that leaves out what an earlier one found, all stopping once SEARCH_CANDIDATES (240) are in hand.
      const sku = /^[A-Za-z0-9-]+$/.test(q) ? `${q.toUpperCase()}%` : null;
      const kinds = [
        ...(sku ? ['sku LIKE $2'] : []),
        "search_vector @@ websearch_to_tsquery('english', $1)",
        '$1 <% name',
      ];
      const branches = kinds.map((match, i) =>
        [`(SELECT id FROM tools WHERE deleted_at IS NULL AND ${match}`]
          .concat(
            kinds.slice(0, i).map((earlier) => `AND NOT (${earlier})`),
            ['LIMIT 240)'],
          )
          .join(' '),
      );
      const plan = await db.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) SELECT id, (count(*) OVER ())::int AS total FROM tools
         WHERE id = ANY(ARRAY(SELECT id FROM (${branches.join(' UNION ALL ')}) AS candidates LIMIT 240))
         ORDER BY quantity < min_quantity,
                  ts_rank_cd(search_vector, websearch_to_tsquery('english', $1)) * 2 + word_similarity($1, name) DESC,
                  created_at DESC, name, id
         LIMIT 200`,
        sku ? [q, sku] : [q],
      );
      results.plans[q] = plan.rows.map((row) => row['QUERY PLAN']);
    }
    const token = await accessToken(base, ADMIN);
    const [tool] = (await db.query('SELECT id, name, sku, price_cents FROM tools LIMIT 1')).rows;
    const [user] = (await db.query(`SELECT id, email FROM users WHERE email = $1`, [ADMIN.email]))
      .rows;
    for (const total of [10_000, 100_000]) {
      const have = Number((await db.query('SELECT count(*) FROM orders')).rows[0].count);
      await db.query(
        `WITH grown AS MATERIALIZED (
           SELECT gen_random_uuid() AS document_id, n FROM generate_series(1, $6) AS n
         ), documents AS (
           INSERT INTO checkouts (id, user_id, email, user_name, address, phone, total_cents, transaction_id)
           SELECT document_id, $2, $5, 'Bench Admin', n || ' Bench Road, Springfield', '+1 555 0100', $4 * 10,
                  CASE WHEN n % 2 = 0 THEN 'bench_export_' || document_id END
           FROM grown ORDER BY n
           RETURNING id, number, address, transaction_id
         )
         INSERT INTO orders (checkout_id, checkout_number, tool_id, user_id, product_name, sku, unit_price_cents,
                             quantity, total_cents, email, user_name, address, phone, paid, transaction_id)
         SELECT id, number, $1, $2, $3, $7, $4, 10, $4 * 10, $5, 'Bench Admin', address, '+1 555 0100',
                transaction_id IS NOT NULL, transaction_id
         FROM documents`,
        [tool.id, user.id, tool.name, tool.price_cents, user.email, total - have, tool.sku],
      );
      const r = await exportRun(base, token, server.pid);
      results.export[total] = r;
      log(
        `export of ${total} orders: ${r.seconds.toFixed(2)} s, ${r.megabytes.toFixed(1)} MB, server memory +${r.rssGrowthMb.toFixed(1)} MB`,
      );
    }
  } finally {
    server?.kill('SIGTERM');
    await db.end().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
  saveResults('catalogue', stamp, results, withCatalogueSection);
  log('bench/RESULTS.md updated');
}

function withCatalogueSection(markdown, r) {
  const uses = (lines) =>
    lines
      .filter((line) => /Index Scan|Bitmap|Seq Scan|Limit/.test(line))
      .map((line) => line.trim().replace(/\s+\(actual.*$/, ''))
      .slice(0, 6)
      .join('; ');
  const section = [
    '<!-- catalogue:start -->',
    `## Catalogue search and export (npm run bench:catalogue, ${r.stamp})`,
    '',
    '`GET /api/tools?q=` on 10,000 tools, one connection (so latency is server time plus loopback), `next start` on CPU 0. Budget (docs/PERFORMANCE.md): p95 ≤ 20 ms, using the indexes.',
    '',
    '| query | p50 ms | p95 ms | budget | indexes in the plan |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(r.search).map(
      ([q, s]) =>
        `| \`${q}\` | ${s.p50?.toFixed(1)} | ${s.p95?.toFixed(1)} | ${s.p95 <= 20 ? 'met' : 'not met'} | ${uses(r.plans[q]) || '–'} |`,
    ),
    '',
    'The plans (`EXPLAIN ANALYZE` of the statement the service runs, on the same database):',
    '',
    ...Object.entries(r.plans).flatMap(([q, lines]) => [
      `\`${q}\`:`,
      '',
      '```text',
      ...lines,
      '```',
      '',
    ]),
    "CSV export of all orders (`GET /api/order/export`), streamed in batches of 1,000; memory is the server's resident growth during the download. Budget: flat from 10,000 to 100,000 orders (≤ 2×).",
    '',
    '| orders | seconds | MB sent | server memory growth, MB |',
    '| --- | --- | --- | --- |',
    ...Object.entries(r.export).map(
      ([n, e]) =>
        `| ${Number(n).toLocaleString('en-US')} | ${e.seconds.toFixed(2)} | ${e.megabytes.toFixed(1)} | ${e.rssGrowthMb.toFixed(1)} |`,
    ),
    '<!-- catalogue:end -->',
  ].join('\n');
  return withSection(markdown, 'catalogue', section);
}

await main();
