// The production topology on one machine (docs/ARCHITECTURE.md, Production topology): PostgreSQL, N instances of
// server/instance.mjs and nginx in front, as `npm run cluster` and the cluster tests start it. Every process is a child
// of this one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from './build.mjs';
import { startPgbouncer } from './pgbouncer.mjs';
import { isRoot, startPrivatePostgres } from './postgres.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, { timeoutMs = 120_000, process: child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not answering yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function renderNginxConfig({ port, runDir, upstreams, staticDir, accessLog }) {
  const template = readFileSync(path.join(projectRoot, 'deploy', 'nginx.conf.template'), 'utf8');
  const values = {
    // As root, workers keep root's identity: they read the build and write the cache in our temporary folders.
    USER: isRoot ? 'user root;' : '',
    RUN_DIR: runDir,
    PORT: String(port),
    STATIC_DIR: staticDir,
    ACCESS_LOG: accessLog,
    UPSTREAMS: upstreams
      .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`)
      .join('\n'),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key]);
}

/** @typedef {Awaited<ReturnType<typeof startCluster>>} Cluster */

/**
 * Starts the topology. `log` receives each instance's and nginx's output lines (default: dropped), so a test can
 * keep them and a person can watch them.
 * With a private PostgreSQL, `pgbouncer` puts PgBouncer (transaction pooling) between the instances and it, and
 * `replica` starts its streaming replica for the catalogue's reads (docs/OPERATIONS.md, Past one database).
 * @param {{ instances?: number, port?: number, databaseUrl?: string, env?: Record<string, string>, distDir?: string, log?: (line: string) => void, pgbouncer?: boolean, replica?: boolean, pgbouncerPoolSize?: number }} [options]
 */
export async function startCluster({
  instances = 3,
  port,
  databaseUrl = process.env.DATABASE_URL,
  env: extraEnv = {},
  distDir = process.env.NEXT_DIST_DIR ?? '.next',
  log = () => {},
  pgbouncer: withPgbouncer = false,
  replica: withReplica = false,
  pgbouncerPoolSize = 20,
} = {}) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'toolhaus-cluster-'));
  // An empty DATABASE_URL is none: a private PostgreSQL, not the embedded database.
  const postgres = databaseUrl ? null : startPrivatePostgres(await freePort());
  if (!postgres && (withPgbouncer || withReplica))
    throw new Error('PgBouncer and the replica are started for a private PostgreSQL only');
  const url = databaseUrl || postgres.url;
  const proxyPort = port ?? (await freePort());
  const origin = `http://localhost:${proxyPort}`;
  const sharedEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: url,
    // One secret for all instances: a session made by one is read by the others.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('base64'),
    AUTH_URL: process.env.AUTH_URL ?? origin,
    AUTH_TRUST_HOST: 'true',
    // nginx appends the client's address to X-Forwarded-For.
    TRUSTED_PROXIES: '1',
    PAYMENTS: process.env.PAYMENTS ?? (process.env.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
    SHUTDOWN_NOTICE_SECONDS: '3',
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
    ...(postgres
      ? { SEED_ADMIN_EMAIL: 'admin@toolhaus.test', SEED_ADMIN_PASSWORD: 'admin-demo-2022' }
      : {}),
    ...extraEnv,
  };
  delete sharedEnv.PORT;
  delete sharedEnv.DATA_DIR;

  if (postgres) {
    // A new private database gets the demo catalogue, as the embedded default does.
    const seed = spawnSync(
      process.execPath,
      [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'lib/db/seed-cli.ts'],
      {
        cwd: projectRoot,
        env: sharedEnv,
        encoding: 'utf8',
      },
    );
    if (seed.status !== 0) throw new Error(`Seeding failed:\n${seed.stderr}`);
  }
  const replica = withReplica
    ? startPrivatePostgres(await freePort(), { replicaOf: postgres })
    : null;
  const bouncer = withPgbouncer
    ? await startPgbouncer({
        port: await freePort(),
        target: postgres,
        poolSize: pgbouncerPoolSize,
      })
    : null;
  if (replica) sharedEnv.DATABASE_REPLICA_URL = replica.url;
  if (bouncer) {
    Object.assign(sharedEnv, {
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: url,
      DATABASE_TRANSACTION_POOLING: 'true',
    });
  }

  const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
  const children = new Map();

  function startInstance(instancePort) {
    const child = spawn(process.execPath, [path.join(projectRoot, 'server', 'instance.mjs')], {
      cwd: projectRoot,
      env: { ...sharedEnv, PORT: String(instancePort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        for (const line of chunk.split('\n')) if (line) log(`[${instancePort}] ${line}`);
      });
    }
    children.set(instancePort, child);
    return child;
  }

  async function stopInstance(instancePort, signal = 'SIGTERM') {
    const child = children.get(instancePort);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  const ready = (instancePort) =>
    waitFor(`http://127.0.0.1:${instancePort}/api/ready`, { process: children.get(instancePort) });

  // The first instance migrates alone; the others then start together.
  startInstance(ports[0]);
  await ready(ports[0]);
  for (const instancePort of ports.slice(1)) startInstance(instancePort);
  await Promise.all(ports.slice(1).map(ready));

  const nginxConf = path.join(runDir, 'nginx.conf');
  for (const sub of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache', 'photos']) {
    mkdirSync(path.join(runDir, sub), { recursive: true });
  }
  writeFileSync(
    nginxConf,
    renderNginxConfig({
      port: proxyPort,
      runDir,
      upstreams: ports,
      staticDir: path.join(projectRoot, distDir, 'static'),
      accessLog: process.env.CLUSTER_ACCESS_LOG ?? path.join(runDir, 'access.log'),
    }),
  );
  const nginx = spawn(process.env.NGINX ?? 'nginx', ['-p', runDir, '-c', nginxConf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr.setEncoding('utf8');
  nginx.stderr.on('data', (chunk) => log(`[nginx] ${chunk.trim()}`));
  await waitFor(`http://127.0.0.1:${proxyPort}/api/health`, { process: nginx, timeoutMs: 20_000 });

  return {
    url: `http://127.0.0.1:${proxyPort}`,
    origin,
    databaseUrl: url,
    ports,
    runDir,
    postgres,
    replica,
    pgbouncer: bouncer,
    instance: (instancePort) => children.get(instancePort),
    startInstance: async (instancePort) => {
      startInstance(instancePort);
      await ready(instancePort);
    },
    stopInstance,
    /** Restarts the instances one after another, each back and ready before the next goes. */
    async rollingRestart() {
      for (const instancePort of ports) {
        await stopInstance(instancePort, 'SIGTERM');
        startInstance(instancePort);
        await ready(instancePort);
      }
    },
    async stop() {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      await Promise.all(ports.map((instancePort) => stopInstance(instancePort)));
      await bouncer?.stop();
      replica?.stop();
      postgres?.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
