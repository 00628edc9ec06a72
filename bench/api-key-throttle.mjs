// `node bench/api-key-throttle.mjs [--url postgres://…/db] [--calls 2000] [--concurrency 8] [--rounds 3]`
//
// What counting an API key's call costs on PostgreSQL, the two ways the shop could do it, interleaved round by round
// on one database so the machine's load falls on both alike: "throttle_hits" is lib/db/throttle.ts's way (a
// transaction, the bucket's advisory lock, a count of the window's rows, an insert and the clean-up delete) and
// "key row" is lib/auth/api-key-gate.ts's (one UPDATE of the key's own row that also finds the key). Reports calls
// a second and the per-call p50 of each, and the ratio. The tables are temporary copies; nothing of the shop's is read.
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: options } = parseArgs({
  options: {
    url: {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    calls: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});
const calls = Number(options.calls);
const concurrency = Number(options.concurrency);
const pool = new pg.Pool({ connectionString: options.url, max: concurrency });

await pool.query(`DROP TABLE IF EXISTS bench_hits, bench_keys;
  CREATE TABLE bench_hits (id bigserial PRIMARY KEY, bucket text NOT NULL, at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX ON bench_hits (bucket, at);
  CREATE TABLE bench_keys (id int PRIMARY KEY, key_hash text UNIQUE, window_started_at timestamptz,
    window_count int NOT NULL DEFAULT 0, last_used_at timestamptz);
  INSERT INTO bench_keys (id, key_hash) VALUES (1, 'h');`);

async function throttleHits() {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('apikey:1', 7))`);
    await client.query(
      `SELECT count(*)::int AS taken FROM bench_hits WHERE bucket = 'apikey:1' AND at > now() - interval '1 minute'`,
    );
    await client.query(`INSERT INTO bench_hits (bucket) VALUES ('apikey:1')`);
    await client.query(
      `DELETE FROM bench_hits WHERE bucket = 'apikey:1' AND at < now() - interval '1 day'`,
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const keyRow = () =>
  pool.query(`UPDATE bench_keys SET
      window_count = CASE WHEN window_started_at = date_trunc('minute', now()) THEN window_count + 1 ELSE 1 END,
      window_started_at = date_trunc('minute', now()), last_used_at = now()
    WHERE key_hash = 'h' RETURNING id, window_count`);

async function run(work) {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < calls) {
        const t = performance.now();
        await work();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: calls / seconds, p50: times[Math.floor(times.length / 2)] };
}

const totals = { hits: [], row: [] };
for (let round = 0; round < Number(options.rounds); round++) {
  totals.hits.push(await run(throttleHits));
  totals.row.push(await run(keyRow));
}
const mean = (list, field) => list.reduce((sum, item) => sum + item[field], 0) / list.length;
const [load] = (await import('node:os')).loadavg();
console.log(
  `load average ${load.toFixed(2)}, ${calls} calls × ${options.rounds} rounds, ${concurrency} at once`,
);
for (const [name, list] of Object.entries({ throttle_hits: totals.hits, 'key row': totals.row })) {
  console.log(
    `${name.padEnd(14)} ${mean(list, 'perSecond').toFixed(0)} calls/s, p50 ${mean(list, 'p50').toFixed(2)} ms`,
  );
}
console.log(
  `key row / throttle_hits: ${(mean(totals.row, 'perSecond') / mean(totals.hits, 'perSecond')).toFixed(1)}× the calls a second`,
);
await pool.query('DROP TABLE bench_hits, bench_keys');
await pool.end();
