// What the three benchmarks (run.mjs, topology.mjs, catalogue.mjs) share: the PostgreSQL server they create their
// database on, the shop's environment under benchmark, the seed, pinned child scripts and RESULTS.md sections.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../scripts/lib/build.mjs';

export const benchDir = path.resolve(import.meta.dirname, '..');
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** Put before every scratch database's name: benches run at once on a shared server keep to names of their own. */
export const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? '';
export { CHROMIUM_PATH as CHROME } from '../../scripts/lib/chromium.mjs';
/** The admin every benchmark database is seeded with. */
export const BENCH_ADMIN = {
  email: 'bench-admin@bench.test',
  password: 'bench-admin-password-2024',
};

/** "20261124_100754": names a run's database and result file. */
export const stampOf = (date = new Date()) =>
  date.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);

export const logger = (name) => (message) =>
  console.log(`[${name} ${new Date().toISOString().slice(11, 19)}] ${message}`);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The shop's environment for `next start` on a benchmark database: production, test payments, the bench admin
 * seeded, no Stripe or Google settings of the developer's.
 */
export function benchShopEnv({ databaseUrl, authSecret }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
    AUTH_TRUST_HOST: 'true',
    PAYMENTS: 'test',
    SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  for (const key of [
    'STRIPE_SECRET_KEY',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
    'AUTH_GOOGLE_ID',
    'AUTH_GOOGLE_SECRET',
  ]) {
    delete env[key];
  }
  return env;
}

/** Migrates and seeds the demo catalogue into env.DATABASE_URL (lib/db/seed-cli.ts); returns its last line. */
export function seedDatabase(env) {
  const seed = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'lib/db/seed-cli.ts'],
    { cwd: projectRoot, env, encoding: 'utf8' },
  );
  if (seed.status !== 0) throw new Error(`Seeding failed:\n${seed.stdout}\n${seed.stderr}`);
  return seed.stdout.trim().split('\n').at(-1);
}

/** Runs a bench/lib script pinned to `cpu` and waits for it; its stdout is one JSON document. */
export function runPinnedSync(cpu, script, spec) {
  const result = spawnSync(
    'taskset',
    ['-c', cpu, process.execPath, path.join(benchDir, 'lib', script), JSON.stringify(spec)],
    { cwd: projectRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`${script}: ${result.stderr.slice(-1500)}`);
  return JSON.parse(result.stdout);
}

/** Polls until the URL answers 2xx (every 250 ms, at most 150 s). */
export async function waitForOk(url) {
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/** Resident memory of a process in MB, from /proc. */
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Replaces (or appends) the `<!-- name:start -->…<!-- name:end -->` section of bench/RESULTS.md's text. */
export function withSection(markdown, name, section) {
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  return pattern.test(markdown)
    ? markdown.replace(pattern, section)
    : `${markdown.trimEnd()}\n\n${section}\n`;
}

/** Keeps a run's results as bench/results/<name>-<stamp>.json and rewrites its section of bench/RESULTS.md. */
export function saveResults(name, stamp, results, withResultsSection) {
  mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    path.join(benchDir, 'results', `${name}-${stamp}.json`),
    JSON.stringify(results, null, 2),
  );
  const resultsFile = path.join(benchDir, 'RESULTS.md');
  writeFileSync(resultsFile, withResultsSection(readFileSync(resultsFile, 'utf8'), results));
}
