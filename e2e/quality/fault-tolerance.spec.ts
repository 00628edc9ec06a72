// Fault tolerance in PostgreSQL mode: orders keep flowing while the database restarts, freezes or stalls underneath.
//
// The spec brings its own world and ignores Playwright's webServer (that one runs on PGlite): a private PostgreSQL
// cluster (scripts/lib/postgres.mjs) and `next start` against it on FAULT_APP_PORT or a free port, serving the build
// in FAULT_DIST_DIR, else NEXT_DIST_DIR, else `.next`. Build it first, e.g. `NEXT_DIST_DIR=.next-fault npx next build`
// then `FAULT_DIST_DIR=.next-fault npx playwright test e2e/quality/fault-tolerance.spec.ts`.
// Everything is torn down in afterAll, and by an exit hook should the worker die first.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { accessToken, signUp } from '../../scripts/lib/auth-http.mjs';
import { startPrivatePostgres, type PrivatePostgres } from '../../scripts/lib/postgres.mjs';
import { freePort, startNext, type NextServer } from '../support/shop-process';

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
const FREEZE_MS = Number(process.env.FAULT_FREEZE_MS ?? 12_000);
const STALL_MS = Number(process.env.FAULT_STALL_MS ?? 25_000);
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

let db: PrivatePostgres | undefined;
let app: NextServer | undefined;
let appLog = '';
let logDir = '';
/** PostgreSQL processes currently stopped with SIGSTOP (the freeze). */
let frozen: number[] = [];
let customerToken = '';
let adminToken = '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app log's last lines without the expected one-line 503 notices (and drizzle's params line under each). */
function unexpectedLog(lines = 60): string {
  if (!existsSync(appLog)) return '(no log)';
  const all = readFileSync(appLog, 'utf8').split('\n');
  const expected = (line: string, index: number) =>
    line.startsWith('Database unavailable:') ||
    line.startsWith('PostgreSQL pool error:') ||
    (line.startsWith('params:') && all[index - 1]?.startsWith('Database unavailable:'));
  return all
    .filter((line, index) => !expected(line, index))
    .slice(-lines)
    .join('\n');
}

function thaw(): void {
  for (const pid of frozen.splice(0)) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // exited meanwhile
    }
  }
}

/** Synchronous last resort (process 'exit' hook): nothing may outlive the worker. */
function emergencyCleanup(): void {
  thaw();
  const pid = app?.process.pid;
  if (pid && app?.process.exitCode === null) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  db?.stop();
  if (logDir) rmSync(logDir, { recursive: true, force: true });
}

const withDatabase = async <T>(query: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: db!.url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
};

const post = (url: string, body: unknown, token: string, timeoutMs = 30_000) =>
  fetch(`${app!.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });

interface Attempt {
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

/** Breaks the database and repairs it; resolves once it answers again, with when the fault began and ended. */
type Log = (message: string) => void;
type Fault = (log: Log, toolId: string) => Promise<{ faultAt: number; dbBackAt: number }>;

const faults = {
  async restart(log: Log) {
    const faultAt = Date.now();
    // Fast shutdown: open sessions are terminated (57P01) mid-transaction, then connections are refused.
    await db!.down('fast');
    const stoppedAt = Date.now();
    await sleep(OUTAGE_MS);
    await db!.up();
    const dbBackAt = Date.now();
    log(
      `PostgreSQL stopped in ${stoppedAt - faultAt} ms, accepting again after ${dbBackAt - faultAt} ms`,
    );
    return { faultAt, dbBackAt };
  },
  /** The database stops answering without closing anything: a frozen host or a network partition. */
  async freeze(log: Log) {
    const faultAt = Date.now();
    // Postmaster first, so that it forks no new backend while the others are being stopped.
    frozen = db!.pids();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    await sleep(FREEZE_MS);
    thaw();
    const dbBackAt = Date.now();
    log(`PostgreSQL frozen (SIGSTOP) for ${dbBackAt - faultAt} ms`);
    return { faultAt, dbBackAt };
  },
  /**
   * A statement stuck longer than the client's query timeout and its ROLLBACK's: another session holds the tool's
   * row lock (a long admin transaction, a slow migration). Orders must give up in bounded time and leave no trace:
   * an abandoned transaction must never be committed later by someone else's COMMIT.
   */
  stall: (log: Log, toolId: string) =>
    withDatabase(async (blocker) => {
      await blocker.query('BEGIN');
      const faultAt = Date.now();
      await blocker.query('SELECT 1 FROM tools WHERE id = $1 FOR UPDATE', [toolId]);
      await sleep(STALL_MS);
      await blocker.query('ROLLBACK');
      const dbBackAt = Date.now();
      log(`the tool's row was locked for ${dbBackAt - faultAt} ms`);
      return { faultAt, dbBackAt };
    }),
} satisfies Record<string, Fault>;

/** One order with a unique address (an order committed whose answer was lost can be traced to its request). */
async function placeOne(label: string, seq: number, toolId: string): Promise<Attempt> {
  const attempt: Attempt = {
    address: `Fault lane ${suffix} ${label} #${seq}`,
    quantity: 1 + Math.floor(Math.random() * 5),
    start: Date.now(),
    end: 0,
    status: 'network',
  };
  try {
    const { address, quantity } = attempt;
    const response = await post(
      '/api/order',
      { toolId, quantity, address, phone: '+1 555 0100' },
      customerToken,
      ABORT_MS,
    );
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
    attempt.detail = String(error);
  }
  attempt.end = Date.now();
  return attempt;
}

/** Four workers place orders back to back while the fault strikes; returns every attempt and the timeline. */
async function underLoad(label: string, fault: Fault, toolId: string, log: Log) {
  const attempts: Attempt[] = [];
  let seq = 0;
  let stopping = false;
  const worker = async () => {
    while (!stopping) {
      const attempt = await placeOne(label, ++seq, toolId);
      attempts.push(attempt);
      // A 503 asks to retry later; a short pause keeps the loop from spinning on instant refusals.
      await sleep(attempt.status === 201 ? 5 : 50);
    }
  };
  const loadStart = Date.now();
  const workers = Array.from({ length: WORKERS }, worker);
  let timeline = { faultAt: 0, dbBackAt: 0 };
  let recoveredAt = 0;
  try {
    await sleep(WARMUP_MS);
    timeline = await fault(log, toolId);
    const deadline = timeline.dbBackAt + RECOVERY_LIMIT_MS + ABORT_MS;
    while (!recoveredAt && Date.now() < deadline) {
      recoveredAt =
        attempts.find((a) => a.status === 201 && a.start >= timeline.dbBackAt)?.end ?? 0;
      await sleep(50);
    }
    if (recoveredAt) await sleep(SETTLE_MS + STEADY_MS);
  } finally {
    stopping = true;
    await Promise.all(workers);
  }
  return { attempts, ...timeline, recoveredAt, loadSeconds: (Date.now() - loadStart) / 1000 };
}

/** Every order of the customer, read page by page through GET /api/order/{email}. */
async function ownOrders(): Promise<{ _id: string; name: string }[]> {
  const limit = 200;
  const all: { _id: string; name: string }[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(
      `${app!.base}/api/order/${encodeURIComponent(CUSTOMER.email)}?page=${page}&limit=${limit}`,
      {
        headers: { authorization: `Bearer ${customerToken}` },
        signal: AbortSignal.timeout(30_000),
      },
    );
    expect(response.status).toBe(200);
    const batch = (await response.json()) as { _id: string; name: string }[];
    all.push(...batch);
    if (batch.length < limit) return all;
  }
}

test.describe('fault tolerance in PostgreSQL mode', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    process.on('exit', emergencyCleanup);
    if (!existsSync(path.join(distDir, 'BUILD_ID')))
      throw new Error(
        `No production build in ${distDir}: run \`NEXT_DIST_DIR=${distDir} npx next build\` first`,
      );
    db = startPrivatePostgres(Number(process.env.FAULT_PG_PORT ?? (await freePort())));
    logDir = mkdtempSync(path.join(os.tmpdir(), 'toolhaus-fault-'));
    appLog = path.join(logDir, 'app.log');
    const port = Number(process.env.FAULT_APP_PORT ?? (await freePort()));
    // Own process group (detached): the whole server tree can be signalled at once.
    app = await startNext(
      {
        NEXT_DIST_DIR: distDir,
        DATA_DIR: undefined,
        STRIPE_SECRET_KEY: undefined,
        NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: undefined,
        AUTH_GOOGLE_ID: undefined,
        AUTH_GOOGLE_SECRET: undefined,
        AUTH_GOOGLE_ISSUER: undefined,
        DATABASE_URL: db.url,
        AUTH_SECRET: 'fault-tolerance-only-secret-0123456789-abcdefghijklmnop',
        AUTH_URL: `http://localhost:${port}`,
        SEED_ADMIN_EMAIL: ADMIN.email,
        SEED_ADMIN_PASSWORD: ADMIN.password,
      },
      { port, logFile: appLog, detached: true, host: 'localhost', timeoutMs: 150_000 },
    );
    console.log(`fault: PostgreSQL on ${db.url}, shop (${distDir}) on ${app.base}`);
    await signUp(app.base, CUSTOMER);
    adminToken = await accessToken(app.base, ADMIN);
    customerToken = await accessToken(app.base, CUSTOMER);
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    thaw();
    await app?.stop();
    emergencyCleanup();
    process.off('exit', emergencyCleanup);
  });

  const scenarios: [keyof typeof faults, string, number][] = [
    [
      'restart',
      'a restart of PostgreSQL under order load: clean 503s, self-healing, no acknowledged order lost',
      180_000,
    ],
    [
      'freeze',
      'a frozen PostgreSQL under order load: bounded waits, self-healing, stock consistent',
      240_000,
    ],
    [
      'stall',
      'a statement stuck behind a lock for longer than the query timeout: bounded waits, no ghost stock',
      240_000,
    ],
  ];
  for (const [label, title, timeout] of scenarios) {
    test(title, async () => {
      test.setTimeout(timeout);
      const log = (message: string) => console.log(`fault[${label}]: ${message}`);
      try {
        const created = await post(
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
        expect(created.status, await created.clone().text()).toBe(201);
        const toolId = ((await created.json()) as { insertedId: string }).insertedId;
        const run = await underLoad(label, faults[label], toolId, log);
        const { attempts, faultAt, dbBackAt, recoveredAt } = run;

        const maxLatency = (list: Attempt[]) => Math.max(0, ...list.map((a) => a.end - a.start));
        // Anything not over before the fault began nor begun after the database was back overlapped the outage.
        const duringOutage = attempts.filter((a) => a.end >= faultAt && a.start < dbBackAt);
        const statuses: Record<string, number> = {};
        for (const a of attempts) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        const unavailable = duringOutage.filter((a) => a.status === 503).length;
        const figures = {
          workers: WORKERS,
          loadSeconds: run.loadSeconds,
          outageMs: dbBackAt - faultAt,
          requests: attempts.length,
          statuses,
          duringOutage: {
            requests: duringOutage.length,
            successes: duringOutage.filter((a) => a.status === 201).length,
            unavailable503: unavailable,
            maxLatencyMs: maxLatency(duringOutage),
          },
          maxLatencyMs: maxLatency(attempts),
          recoveryMs: recoveredAt ? recoveredAt - dbBackAt : null,
        };
        log(`figures ${JSON.stringify(figures)}`);

        // 1. Every request succeeded or failed cleanly: 503 with the JSON error contract, never a 500 or a hang.
        const clean = (a: Attempt) =>
          (a.status === 201 && typeof a.insertedId === 'string') ||
          (a.status === 503 &&
            a.errorCode === 'unavailable' &&
            !!a.errorMessage &&
            a.retryAfter !== null);
        const unclean = attempts.filter((a) => !clean(a));
        expect
          .soft(
            unclean.slice(0, 10),
            `unclean responses (${unclean.length}); app log:\n${unexpectedLog()}`,
          )
          .toEqual([]);
        expect.soft(figures.maxLatencyMs, 'slowest answer').toBeLessThan(HANG_LIMIT_MS);
        const beforeFault = attempts.filter((a) => a.status === 201 && a.end < faultAt);
        expect.soft(beforeFault.length, 'orders before the fault').toBeGreaterThan(0);
        expect.soft(unavailable, 'the outage was noticed').toBeGreaterThan(0);

        // 2. The shop recovered by itself, promptly and completely: no broken pooled connection keeps failing orders.
        expect(
          recoveredAt,
          `no order succeeded after the database came back; app log:\n${unexpectedLog(40)}`,
        ).toBeGreaterThan(0);
        expect.soft(figures.recoveryMs!, 'recovery time').toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
        const steady = attempts.filter((a) => a.start >= recoveredAt + SETTLE_MS);
        expect.soft(steady.length, 'orders in the steady window').toBeGreaterThan(0);
        expect
          .soft(steady.filter((a) => a.status !== 201).slice(0, 10), 'failures after recovery')
          .toEqual([]);

        // 3. Durability and stock, read straight from the private cluster: the source of truth.
        const { rows, stockNow } = await withDatabase(async (client) => ({
          rows: (
            await client.query('SELECT id, quantity, address FROM orders WHERE tool_id = $1', [
              toolId,
            ])
          ).rows as { id: string; quantity: number; address: string }[],
          stockNow: (await client.query('SELECT quantity FROM tools WHERE id = $1', [toolId]))
            .rows[0].quantity as number,
        }));
        const stored = new Map(rows.map((row) => [row.id, row]));
        const acknowledged = attempts.filter((a) => a.status === 201);
        const missing = acknowledged
          .filter((a) => !stored.has(a.insertedId!))
          .map((a) => a.insertedId);
        expect.soft(missing, 'acknowledged orders missing from the database').toEqual([]);
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
        if (extras.length > 0)
          log(
            `${extras.length} order(s) committed although the client was not told so: ${extras.map((row) => `${row.address} → ${byAddress.get(row.address)?.status}`).join(', ')}`,
          );
        expect.soft(unexplained, 'orders in the database that no request explains').toEqual([]);
        const ordered = rows.reduce((sum, row) => sum + row.quantity, 0);
        log(
          `database holds ${rows.length} orders (${acknowledged.length} acknowledged), ${ordered} pieces; stock ${stockNow}`,
        );
        expect
          .soft(stockNow, 'stock == initial − all ordered quantities')
          .toBe(INITIAL_STOCK - ordered);

        // 4. The app's own read path agrees once the database is back: the customer sees every acknowledged order.
        const listed = new Set(
          (await ownOrders())
            .filter((order) => order.name.startsWith(`Fault ${label} `))
            .map((order) => order._id),
        );
        const omitted = acknowledged.filter((a) => !listed.has(a.insertedId!));
        expect.soft(omitted.length, 'acknowledged orders the API omits').toBe(0);
        expect.soft(listed.size, 'orders the API lists for this tool').toBe(rows.length);
      } finally {
        // The shop's and the database's logs travel with the test result (the temporary directories do not survive).
        for (const [name, file] of Object.entries({ 'app.log': appLog, 'postgres.log': db!.log }))
          if (existsSync(file))
            await test.info().attach(name, { body: readFileSync(file), contentType: 'text/plain' });
      }
    });
  }
});
