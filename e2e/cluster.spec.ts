// The production topology under fault (docs/ARCHITECTURE.md, Production topology): three instances behind
// nginx over one PostgreSQL.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { startCluster, type Cluster } from '../scripts/lib/cluster.mjs';
import {
  createAccount,
  createTool,
  newUser,
  ORDER_CONTACT,
  signedInRequest,
  signInDemoAdmin,
  toolInput,
  type SignedIn,
} from './helpers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let cluster: Cluster;
let admin: SignedIn;
let customer: SignedIn;
const logs: string[] = [];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  cluster = (await startCluster({
    instances: 3,
    log: (line: string) => logs.push(line),
  })) as Cluster;
  admin = await signInDemoAdmin(playwright, cluster.url);
  const account = newUser('cluster');
  const anonymous = await playwright.request.newContext({ baseURL: cluster.url });
  await createAccount(anonymous, account);
  await anonymous.dispose();
  customer = await signedInRequest(playwright, cluster.url, account);
});

test.afterAll(async () => {
  await admin?.session.dispose();
  await customer?.session.dispose();
  await cluster?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('cluster log', { body: logs.slice(-400).join('\n') });
  }
});

const instanceUrl = (port: number) => `http://127.0.0.1:${port}`;

async function toolNames(request: APIRequestContext, base: string): Promise<string[]> {
  const response = await request.get(`${base}/api/tools`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { name: string }[]).map((tool) => tool.name);
}

/** Polls until `check` holds; answers how long that took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

test('a tool added through one instance shows on another and through nginx within a second', async ({
  request,
}) => {
  const [a, b] = cluster.ports as [number, number];
  // Both caches hold the catalogue first: the new tool must displace a cached answer, not fill an empty cache.
  await toolNames(request, instanceUrl(b));
  await request.get(`${cluster.url}/`);
  const input = toolInput('cluster');
  const created = await admin.session.post(`${instanceUrl(a)}/api/tools`, { data: input });
  expect(created.status(), await created.text()).toBe(201);

  const onB = await within(1000, async () =>
    (await toolNames(request, instanceUrl(b))).includes(input.name),
  );
  const onHome = await within(1000, async () =>
    (await (await request.get(`${cluster.url}/`)).text()).includes(input.name),
  );
  console.log(
    `cluster: tool visible on instance B after ${onB} ms, on the home page through nginx after ${onHome} ms`,
  );
});

interface LoadResult {
  acknowledged: string[];
  failed: { status: number; body: string }[];
  sent: number;
}

/** Orders of one piece each, `concurrency` at a time, until `until` resolves. */
async function orderLoad(
  toolId: string,
  concurrency: number,
  until: Promise<unknown>,
): Promise<LoadResult> {
  const result: LoadResult = { acknowledged: [], failed: [], sent: 0 };
  let done = false;
  void until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done) {
        result.sent += 1;
        try {
          const response = await customer.session.post(`${cluster.url}/api/order`, {
            data: { toolId, quantity: 1, ...ORDER_CONTACT },
            headers: { 'Idempotency-Key': randomUUID() },
            timeout: 30_000,
          });
          if (response.status() === 201) {
            result.acknowledged.push(
              ((await response.json()) as { insertedId: string }).insertedId,
            );
          } else {
            result.failed.push({
              status: response.status(),
              body: (await response.text()).slice(0, 200),
            });
          }
        } catch (error) {
          result.failed.push({ status: 0, body: String(error).slice(0, 200) });
        }
      }
    }),
  );
  return result;
}

/** Reads and pages, `concurrency` at a time, until `until` resolves. */
async function readLoad(request: APIRequestContext, concurrency: number, until: Promise<unknown>) {
  const failed: string[] = [];
  let sent = 0;
  let done = false;
  void until.finally(() => (done = true));
  const paths = ['/', '/api/tools', '/api/reviews', '/blog', '/api/health'];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; !done; i += 1) {
        sent += 1;
        const path = paths[i % paths.length]!;
        try {
          const response = await request.get(`${cluster.url}${path}`, { timeout: 30_000 });
          if (response.status() !== 200) failed.push(`${path} ${response.status()}`);
        } catch (error) {
          failed.push(`${path} ${String(error).slice(0, 120)}`);
        }
      }
    }),
  );
  return { sent, failed };
}

async function databaseFacts(toolId: string, orderIds: string[]) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const stored = await client.query<{ id: string }>('SELECT id FROM orders WHERE tool_id = $1', [
      toolId,
    ]);
    const stock = await client.query<{ quantity: number }>(
      'SELECT quantity FROM tools WHERE id = $1',
      [toolId],
    );
    const ids = new Set(stored.rows.map((row) => row.id));
    return {
      stored: ids.size,
      missing: orderIds.filter((id) => !ids.has(id)).length,
      stock: stock.rows[0]?.quantity ?? -1,
    };
  } finally {
    await client.end();
  }
}

const STOCK = 100_000;

test('orders through nginx while an instance is killed: nothing acknowledged is lost, stock agrees', async () => {
  const toolId = await createTool(admin, toolInput('kill', { quantity: STOCK }));
  const victim = cluster.ports[1]!;
  const fault = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    cluster.instance(victim).kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 3000));
  })();
  const load = await orderLoad(toolId, 8, fault);
  const facts = await databaseFacts(toolId, load.acknowledged);
  console.log(
    `cluster kill: ${load.sent} orders sent, ${load.acknowledged.length} acknowledged, ${load.failed.length} failed, ${facts.stored} stored`,
  );
  expect(facts.missing, 'acknowledged orders missing from the database').toBe(0);
  // Retried with the same Idempotency-Key by nginx, an order is never stored twice.
  expect(facts.stock).toBe(STOCK - facts.stored);
  // Only requests in flight on the killed instance may fail (one per load worker at most).
  expect(load.failed.length).toBeLessThanOrEqual(8);
  await cluster.startInstance(victim);
});

test('a rolling restart of every instance under load fails no request', async ({ request }) => {
  const toolId = await createTool(admin, toolInput('rolling', { quantity: STOCK }));
  const restart = cluster.rollingRestart();
  const [orders, reads] = await Promise.all([
    orderLoad(toolId, 4, restart),
    readLoad(request, 6, restart),
  ]);
  const facts = await databaseFacts(toolId, orders.acknowledged);
  console.log(
    `cluster rolling restart: ${orders.sent} orders and ${reads.sent} reads sent, ${orders.failed.length + reads.failed.length} failed`,
  );
  expect(orders.failed).toEqual([]);
  expect(reads.failed).toEqual([]);
  expect(facts.missing).toBe(0);
  expect(facts.stock).toBe(STOCK - facts.stored);
});

test('PostgreSQL restarted under the cluster: the instances recover by themselves', async ({
  request,
}) => {
  test.skip(!cluster.postgres, 'runs against the private PostgreSQL the cluster started');
  const toolId = await createTool(admin, toolInput('pg-restart', { quantity: STOCK }));
  const before = await orderLoad(toolId, 4, new Promise((resolve) => setTimeout(resolve, 1000)));
  cluster.postgres!.restart();
  await within(15_000, async () => {
    const answers = await Promise.all(
      cluster.ports.map(async (port) =>
        (await request.get(`${instanceUrl(port)}/api/ready`)).status(),
      ),
    );
    return answers.every((status) => status === 200);
  });
  const after = await orderLoad(toolId, 4, new Promise((resolve) => setTimeout(resolve, 1000)));
  expect(after.acknowledged.length).toBeGreaterThan(0);
  const facts = await databaseFacts(toolId, [...before.acknowledged, ...after.acknowledged]);
  expect(facts.missing).toBe(0);
  expect(facts.stock).toBe(STOCK - facts.stored);
});

test('a backup taken with pg_dump restores into an empty database with every order', async () => {
  const dump = path.join(os.tmpdir(), `toolhaus-backup-${randomUUID()}.dump`);
  const target = `restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
  try {
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, cluster.databaseUrl]);
    await admin.query(`CREATE DATABASE ${target}`);
    const restoredUrl = cluster.databaseUrl.replace(/\/[^/]*$/, `/${target}`);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    const count = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ orders: number; tools: number; users: number }>(
        'SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM tools)::int AS tools, (SELECT count(*) FROM users)::int AS users',
      );
      await client.end();
      return rows[0];
    };
    const [original, restored] = [await count(cluster.databaseUrl), await count(restoredUrl)];
    expect(restored).toEqual(original);
    expect(original?.orders).toBeGreaterThan(0);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dump, { force: true });
  }
});
