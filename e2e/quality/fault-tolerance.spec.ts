// Fault tolerance in PostgreSQL mode: orders keep flowing while the database restarts underneath the shop.
//
// The spec brings its own world and ignores Playwright's webServer (that one runs on PGlite):
//   - a private PostgreSQL cluster in a temporary directory on a free port (binaries: the newest
//     /usr/lib/postgresql/*/bin, or PG_BIN); as root, initdb/pg_ctl run as the `postgres` user;
//   - `next start` on a free port against that cluster, serving the build in FAULT_DIST_DIR, else NEXT_DIST_DIR,
//     else `.next` (the one `npm test` builds before Playwright runs). Build it first, e.g.
//     `NEXT_DIST_DIR=.next-fault npx next build` then `FAULT_DIST_DIR=.next-fault npx playwright test e2e/quality`.
// Everything is torn down in afterAll, and by an exit hook should the worker die first.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { accessToken } from '../../scripts/lib/auth-http.mjs';
import { isRoot, pgCommand, postgresBin } from '../../scripts/lib/postgres.mjs';
import { freePort, startNext, type NextServer } from '../support/shop-process';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const distDir = process.env.FAULT_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? '.next';

/** Every answer must come sooner than this: the pool's own bounds are 3 s (connect) and 10 s (query). */
const HANG_LIMIT_MS = 15_000;
/** The client gives up only later, so that a slow answer is measured rather than cut off. */
const ABORT_MS = 30_000;
/** Orders must succeed again this soon after PostgreSQL accepts connections, without touching the app. */
const RECOVERY_LIMIT_MS = 10_000;
const WORKERS = 4;
const WARMUP_MS = 3_000;
const OUTAGE_MS = 3_000;
/** After the first recovered order, how long every further order must succeed (no poisoned pool clients left). */
const STEADY_MS = 4_000;
/** Grace between the first recovered order and the steady window (in-flight requests from the outage settle). */
const SETTLE_MS = 1_000;
const INITIAL_STOCK = 100_000;

const ADMIN = { email: 'admin@fault.test', password: 'admin-fault-1' };
const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
const CUSTOMER = {
  name: `Fault Customer ${suffix}`,
  email: `fault-${suffix}@example.com`,
  password: `pw-fault-${suffix}`,
};

interface World {
  dir: string;
  bin: string;
  pgPort: number;
  appPort: number;
  base: string;
  app?: NextServer;
  appLog: string;
  pgLog: string;
  pgRunning: boolean;
  /** PostgreSQL processes currently stopped with SIGSTOP (the freeze scenario). */
  frozen: number[];
}

let world: World | undefined;

/** Runs a PostgreSQL tool without blocking the order load that runs in this process meanwhile. */
async function pgTool(w: World, tool: string, args: string[], timeout = 60_000): Promise<string> {
  const [file, fileArgs] = pgCommand(w.bin, tool, args);
  const result = await run(file, fileArgs, { cwd: w.dir, timeout, encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

const dataDir = (w: World) => path.join(w.dir, 'data');

function startArgs(w: World): string[] {
  // -l: the server's output goes to a file, so pg_ctl returns instead of holding our pipes open.
  return [
    '-D',
    dataDir(w),
    '-l',
    w.pgLog,
    '-o',
    `-p ${w.pgPort} -h 127.0.0.1 -k ${w.dir}`,
    '-w',
    '-t',
    '60',
    'start',
  ];
}

async function startPostgres(w: World): Promise<void> {
  await pgTool(w, 'pg_ctl', startArgs(w), 90_000);
  w.pgRunning = true;
}

async function stopPostgres(w: World, mode: 'fast' | 'immediate'): Promise<void> {
  await pgTool(w, 'pg_ctl', ['-D', dataDir(w), '-m', mode, '-w', '-t', '60', 'stop'], 90_000);
  w.pgRunning = false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The app log without the expected one-line 503 notices (and drizzle's params line under each). */
function unexpectedLog(file: string, lines = 60): string {
  try {
    const all = readFileSync(file, 'utf8').split('\n');
    const kept = all.filter(
      (line, index) =>
        !line.startsWith('Database unavailable:') &&
        !(line.startsWith('params:') && all[index - 1]?.startsWith('Database unavailable:')) &&
        !line.startsWith('PostgreSQL pool error:'),
    );
    return kept.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The postmaster and its children (backends, checkpointer...): the whole server, for SIGSTOP/SIGCONT. */
function postgresPids(w: World): number[] {
  const postmaster = Number(
    readFileSync(path.join(dataDir(w), 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
    encoding: 'utf8',
  })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

/** The database stops answering without closing anything: a frozen host or a network partition. */
function freeze(w: World): void {
  const pids = postgresPids(w);
  // Postmaster first, so that it forks no new backend while the others are being stopped.
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  w.frozen = pids;
}

function thaw(w: World): void {
  for (const pid of w.frozen) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // exited meanwhile
    }
  }
  w.frozen = [];
}

/** Synchronous last resort (process 'exit' hook): nothing may outlive the worker. */
function emergencyCleanup(): void {
  const w = world;
  if (!w) return;
  thaw(w);
  const app = w.app?.process;
  if (app?.pid && app.exitCode === null) {
    try {
      process.kill(-app.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (w.pgRunning) {
    const [file, args] = pgCommand(w.bin, 'pg_ctl', ['-D', dataDir(w), '-m', 'immediate', 'stop']);
    try {
      execFileSync(file, args, { cwd: w.dir, stdio: 'ignore' });
    } catch {
      // already stopped
    }
  }
  rmSync(w.dir, { recursive: true, force: true });
}

async function startApp(w: World): Promise<void> {
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    throw new Error(
      `No production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`,
    );
  }
  // Own process group (detached): the whole server tree can be signalled at once.
  w.app = await startNext(
    {
      NEXT_DIST_DIR: distDir,
      DATA_DIR: undefined,
      STRIPE_SECRET_KEY: undefined,
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: undefined,
      AUTH_GOOGLE_ID: undefined,
      AUTH_GOOGLE_SECRET: undefined,
      AUTH_GOOGLE_ISSUER: undefined,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${w.pgPort}/postgres`,
      AUTH_SECRET: 'fault-tolerance-only-secret-0123456789-abcdefghijklmnop',
      AUTH_URL: `http://localhost:${w.appPort}`,
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    },
    { port: w.appPort, logFile: w.appLog, detached: true, host: 'localhost', timeoutMs: 150_000 },
  );
}

async function postJson(
  base: string,
  url: string,
  body: unknown,
  token?: string,
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

interface Attempt {
  seq: number;
  address: string;
  quantity: number;
  start: number;
  end: number;
  status: number | 'hang' | 'network';
  insertedId?: string;
  errorCode?: string;
  errorMessage?: string;
  retryAfter?: string | null;
  detail?: string;
}

interface Timeline {
  loadStart: number;
  /** When the fault began. */
  faultAt: number;
  /** When the database answered again (started, or resumed). */
  dbBackAt: number;
  /** End of the first order sent after dbBackAt that succeeded; 0 when none did. */
  recoveredAt: number;
  loadEnd: number;
}

interface Scenario {
  label: string;
  /** Breaks the database and repairs it; resolves once it answers again. */
  fault: (
    w: World,
    log: (message: string) => void,
    toolId: string,
  ) => Promise<{ faultAt: number; dbBackAt: number }>;
}

let customerToken = '';
let adminToken = '';

async function createTool(w: World, label: string): Promise<string> {
  const response = await postJson(
    w.base,
    '/api/tools',
    {
      name: `Fault ${label} Wrench ${suffix}`,
      about: `Ordered continuously while the database suffers: ${label}.`,
      price: 12.5,
      quantity: INITIAL_STOCK,
      min_quantity: 1,
      image: '/favicon.ico',
    },
    adminToken,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** Four workers place orders back to back while the scenario's fault strikes; returns every attempt. */
async function underLoad(
  w: World,
  scenario: Scenario,
  toolId: string,
): Promise<{ attempts: Attempt[]; timeline: Timeline }> {
  const attempts: Attempt[] = [];
  let seq = 0;
  let stopping = false;

  async function placeOne(): Promise<Attempt> {
    const number = ++seq;
    const attempt: Attempt = {
      seq: number,
      // Unique per request: an order committed whose response was lost can be traced to its request.
      address: `Fault lane ${suffix} ${scenario.label} #${number}`,
      quantity: 1 + Math.floor(Math.random() * 5),
      start: Date.now(),
      end: 0,
      status: 'network',
    };
    try {
      const response = await fetch(`${w.base}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customerToken}` },
        body: JSON.stringify({
          toolId,
          quantity: attempt.quantity,
          address: attempt.address,
          phone: '+1 555 0100',
        }),
        signal: AbortSignal.timeout(ABORT_MS),
      });
      const text = await response.text();
      attempt.status = response.status;
      attempt.retryAfter = response.headers.get('retry-after');
      try {
        const body = JSON.parse(text) as {
          insertedId?: string;
          error?: { code?: string; message?: string };
        };
        attempt.insertedId = body.insertedId;
        attempt.errorCode = body.error?.code;
        attempt.errorMessage = body.error?.message;
      } catch {
        attempt.detail = `not JSON: ${text.slice(0, 200)}`;
      }
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      attempt.status = name === 'TimeoutError' || name === 'AbortError' ? 'hang' : 'network';
      attempt.detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    attempt.end = Date.now();
    attempts.push(attempt);
    return attempt;
  }

  async function worker(): Promise<void> {
    while (!stopping) {
      const attempt = await placeOne();
      // A 503 asks to retry later; a short pause keeps the loop from spinning on instant refusals.
      await sleep(attempt.status === 201 ? 5 : 50);
    }
  }

  const log = (message: string) => console.log(`fault[${scenario.label}]: ${message}`);
  const loadStart = Date.now();
  const workers = Array.from({ length: WORKERS }, () => worker());
  let faultAt = 0;
  let dbBackAt = 0;
  let recoveredAt = 0;
  try {
    await sleep(WARMUP_MS);
    ({ faultAt, dbBackAt } = await scenario.fault(w, log, toolId));
    const deadline = dbBackAt + RECOVERY_LIMIT_MS + ABORT_MS;
    while (Date.now() < deadline) {
      const recovered = attempts.find((a) => a.status === 201 && a.start >= dbBackAt);
      if (recovered) {
        recoveredAt = recovered.end;
        break;
      }
      await sleep(50);
    }
    if (recoveredAt) await sleep(SETTLE_MS + STEADY_MS);
  } finally {
    stopping = true;
    await Promise.all(workers);
  }
  return { attempts, timeline: { loadStart, faultAt, dbBackAt, recoveredAt, loadEnd: Date.now() } };
}

/** The assertions every fault shares: clean failures, bounded waits, self-healing, no lost or phantom stock. */
async function verify(
  w: World,
  scenario: Scenario,
  toolId: string,
  attempts: Attempt[],
  timeline: Timeline,
): Promise<void> {
  const { faultAt, dbBackAt, recoveredAt } = timeline;
  const count = (predicate: (a: Attempt) => boolean) => attempts.filter(predicate).length;
  const latency = (a: Attempt) => a.end - a.start;
  const maxLatency = (list: Attempt[]) => list.reduce((max, a) => Math.max(max, latency(a)), 0);
  // Anything not over before the fault began nor begun after the database was back overlapped the outage.
  const duringOutage = attempts.filter((a) => a.end >= faultAt && a.start < dbBackAt);
  const statuses: Record<string, number> = {};
  for (const a of attempts) statuses[String(a.status)] = (statuses[String(a.status)] ?? 0) + 1;
  const figures = {
    workers: WORKERS,
    loadSeconds: (timeline.loadEnd - timeline.loadStart) / 1000,
    outageMs: dbBackAt - faultAt,
    requests: attempts.length,
    statuses,
    duringOutage: {
      requests: duringOutage.length,
      successes: duringOutage.filter((a) => a.status === 201).length,
      unavailable503: duringOutage.filter((a) => a.status === 503).length,
      maxLatencyMs: maxLatency(duringOutage),
    },
    maxLatencyMs: maxLatency(attempts),
    recoveryMs: recoveredAt ? recoveredAt - dbBackAt : null,
  };
  const log = (message: string) => console.log(`fault[${scenario.label}]: ${message}`);
  log(`figures ${JSON.stringify(figures)}`);

  // 1. Every request succeeded or failed cleanly: 503 with the JSON error contract, never a 500 or a hang.
  const unclean = attempts.filter(
    (a) =>
      !(a.status === 201 && typeof a.insertedId === 'string') &&
      !(
        a.status === 503 &&
        a.errorCode === 'unavailable' &&
        !!a.errorMessage &&
        a.retryAfter !== null
      ),
  );
  expect
    .soft(
      unclean.slice(0, 10),
      `unclean responses (${unclean.length}); app log:\n${unexpectedLog(w.appLog)}`,
    )
    .toEqual([]);
  expect.soft(figures.maxLatencyMs, 'slowest answer').toBeLessThan(HANG_LIMIT_MS);
  expect
    .soft(
      count((a) => a.status === 201 && a.end < faultAt),
      'orders before the fault',
    )
    .toBeGreaterThan(0);
  expect.soft(figures.duringOutage.unavailable503, 'the outage was noticed').toBeGreaterThan(0);

  // 2. The shop recovered by itself, promptly and completely: no broken pooled connection keeps failing orders.
  expect(
    recoveredAt,
    `no order succeeded after the database came back; app log:\n${tail(w.appLog)}`,
  ).toBeGreaterThan(0);
  expect.soft(figures.recoveryMs!, 'recovery time').toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  const steady = attempts.filter((a) => a.start >= recoveredAt + SETTLE_MS);
  expect.soft(steady.length, 'orders in the steady window').toBeGreaterThan(0);
  expect
    .soft(steady.filter((a) => a.status !== 201).slice(0, 10), 'failures after recovery')
    .toEqual([]);

  // 3. Durability and stock, read straight from the private cluster: the source of truth.
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${w.pgPort}/postgres`,
  });
  await client.connect();
  let rows: { id: string; quantity: number; address: string }[];
  let stockNow: number;
  try {
    rows = (
      await client.query('SELECT id, quantity, address FROM orders WHERE tool_id = $1', [toolId])
    ).rows;
    stockNow = (await client.query('SELECT quantity FROM tools WHERE id = $1', [toolId])).rows[0]
      .quantity;
  } finally {
    await client.end();
  }
  const stored = new Map(rows.map((row) => [row.id, row]));
  const acknowledged = attempts.filter((a) => a.status === 201);
  const missing = acknowledged.filter((a) => !stored.has(a.insertedId!));
  expect
    .soft(
      missing.map((a) => a.insertedId),
      'acknowledged orders missing from the database',
    )
    .toEqual([]);
  for (const a of acknowledged) {
    const row = stored.get(a.insertedId!);
    if (row)
      expect
        .soft({ quantity: row.quantity, address: row.address })
        .toEqual({ quantity: a.quantity, address: a.address });
  }
  const acknowledgedIds = new Set(acknowledged.map((a) => a.insertedId));
  const byAddress = new Map(attempts.map((a) => [a.address, a]));
  const extras = rows.filter((row) => !acknowledgedIds.has(row.id));
  // An extra order is explainable only as a commit whose answer was lost: a request that did not get a 201.
  const unexplained = extras.filter((row) => {
    const request = byAddress.get(row.address);
    return !request || request.status === 201 || request.quantity !== row.quantity;
  });
  if (extras.length > 0) {
    log(
      `${extras.length} order(s) committed although the client was not told so: ` +
        extras.map((row) => `${row.address} → ${byAddress.get(row.address)?.status}`).join(', '),
    );
  }
  expect.soft(unexplained, 'orders in the database that no request explains').toEqual([]);
  const ordered = rows.reduce((sum, row) => sum + row.quantity, 0);
  log(
    `database holds ${rows.length} orders (${acknowledged.length} acknowledged, ${extras.length} extra), ` +
      `${ordered} pieces; stock ${INITIAL_STOCK} → ${stockNow} (expected ${INITIAL_STOCK - ordered})`,
  );
  expect.soft(stockNow, 'stock == initial − all ordered quantities').toBe(INITIAL_STOCK - ordered);

  // 4. The app's own read path agrees once the database is back: the customer sees every acknowledged order.
  const listed = new Set(
    (await ownOrders(w.base, customerToken))
      .filter((order) => order.name.startsWith(`Fault ${scenario.label} `))
      .map((order) => order._id),
  );
  expect
    .soft(
      acknowledged.filter((a) => !listed.has(a.insertedId!)).length,
      'acknowledged orders the API omits',
    )
    .toBe(0);
  expect.soft(listed.size, 'orders the API lists for this tool').toBe(rows.length);
}

/** Every order of the customer, read page by page through GET /api/order/{email}. */
async function ownOrders(base: string, token: string): Promise<{ _id: string; name: string }[]> {
  const limit = 200;
  const all: { _id: string; name: string }[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${base}/api/order/${encodeURIComponent(CUSTOMER.email)}?page=${page}&limit=${limit}`,
      { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) },
    );
    expect(response.status).toBe(200);
    const batch = (await response.json()) as { _id: string; name: string }[];
    all.push(...batch);
    if (batch.length < limit) return all;
  }
}

const restart: Scenario = {
  label: 'restart',
  async fault(w, log) {
    const faultAt = Date.now();
    // Fast shutdown: open sessions are terminated (57P01) mid-transaction, then connections are refused.
    await stopPostgres(w, 'fast');
    const stoppedAt = Date.now();
    await sleep(OUTAGE_MS);
    await startPostgres(w);
    const dbBackAt = Date.now();
    log(
      `PostgreSQL stopped in ${stoppedAt - faultAt} ms, accepting again after ${dbBackAt - faultAt} ms`,
    );
    return { faultAt, dbBackAt };
  },
};

const FREEZE_MS = Number(process.env.FAULT_FREEZE_MS ?? 12_000);
const freezeScenario: Scenario = {
  label: 'freeze',
  async fault(w, log) {
    const faultAt = Date.now();
    freeze(w);
    await sleep(FREEZE_MS);
    thaw(w);
    const dbBackAt = Date.now();
    log(`PostgreSQL frozen (SIGSTOP) for ${dbBackAt - faultAt} ms`);
    return { faultAt, dbBackAt };
  },
};

/** The shop's and the database's logs travel with the test result (the temporary directory does not survive). */
async function attachLogs(w: World): Promise<void> {
  for (const [name, file] of [
    ['app.log', w.appLog],
    ['postgres.log', w.pgLog],
  ] as const) {
    if (existsSync(file))
      await test.info().attach(name, { body: readFileSync(file), contentType: 'text/plain' });
  }
}

const STALL_MS = Number(process.env.FAULT_STALL_MS ?? 25_000);
/**
 * A statement stuck longer than the client's query timeout and its ROLLBACK's: another session holds the tool's
 * row lock for 25 s (a long admin transaction, a slow migration). Orders must give up in bounded time and leave
 * no trace: an abandoned transaction must never be committed later by someone else's COMMIT.
 */
const stall: Scenario = {
  label: 'stall',
  async fault(w, log, toolId) {
    const blocker = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${w.pgPort}/postgres`,
    });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      const faultAt = Date.now();
      await blocker.query('SELECT 1 FROM tools WHERE id = $1 FOR UPDATE', [toolId]);
      await sleep(STALL_MS);
      await blocker.query('ROLLBACK');
      const dbBackAt = Date.now();
      log(`the tool's row was locked for ${dbBackAt - faultAt} ms`);
      return { faultAt, dbBackAt };
    } finally {
      await blocker.end();
    }
  },
};

test.describe('fault tolerance in PostgreSQL mode', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolhaus-fault-'));
    const appPort = Number(process.env.FAULT_APP_PORT ?? (await freePort()));
    world = {
      dir,
      bin: postgresBin(),
      pgPort: Number(process.env.FAULT_PG_PORT ?? (await freePort())),
      appPort,
      base: `http://localhost:${appPort}`,
      appLog: path.join(dir, 'app.log'),
      pgLog: path.join(dir, 'postgres.log'),
      pgRunning: false,
      frozen: [],
    };
    process.on('exit', emergencyCleanup);
    const w = world;
    if (isRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    await pgTool(
      w,
      'initdb',
      ['-D', dataDir(w), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      120_000,
    );
    await startPostgres(w);
    await startApp(w);
    console.log(
      `fault: PostgreSQL ${path.basename(path.dirname(w.bin))} on 127.0.0.1:${w.pgPort}, shop (${distDir}) on ${w.base}`,
    );
    const signup = await postJson(w.base, '/api/signup', CUSTOMER);
    expect(signup.status, await signup.clone().text()).toBe(201);
    adminToken = await accessToken(w.base, ADMIN);
    customerToken = await accessToken(w.base, CUSTOMER);
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    const w = world;
    if (!w) return;
    try {
      thaw(w);
      await w.app?.stop();
      if (w.pgRunning) await stopPostgres(w, 'immediate').catch(() => undefined);
    } finally {
      emergencyCleanup();
      process.off('exit', emergencyCleanup);
      world = undefined;
    }
  });

  const scenarios: [string, number, Scenario][] = [
    [
      'a restart of PostgreSQL under order load: clean 503s, self-healing, no acknowledged order lost',
      180_000,
      restart,
    ],
    [
      'a frozen PostgreSQL under order load: bounded waits, self-healing, stock consistent',
      240_000,
      freezeScenario,
    ],
    [
      'a statement stuck behind a lock for longer than the query timeout: bounded waits, no ghost stock',
      240_000,
      stall,
    ],
  ];
  for (const [title, timeout, scenario] of scenarios) {
    test(title, async () => {
      test.setTimeout(timeout);
      const w = world!;
      try {
        const toolId = await createTool(w, scenario.label);
        const { attempts, timeline } = await underLoad(w, scenario, toolId);
        await verify(w, scenario, toolId, attempts, timeline);
      } finally {
        await attachLogs(w);
      }
    });
  }
});
