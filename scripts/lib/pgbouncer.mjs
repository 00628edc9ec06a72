// PgBouncer (Debian's pgbouncer, transaction pooling) in front of a PostgreSQL, for `npm run cluster`, the cluster's
// benchmarks and tests/replica-pooling.test.ts. Started as a child of this process; as root it drops to postgres
// (-u), since PgBouncer refuses to run as root.
import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from './build.mjs';
import { isRoot, postgresUid } from './postgres.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const answers = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * @param {{ port: number, target: { host?: string, port: number }, poolSize?: number, queryWaitSeconds?: number }} options
 * poolSize: server connections per database and user, what PostgreSQL sees however many instances there are.
 * queryWaitSeconds: how long a query may queue for one of them before PgBouncer refuses it (the app answers 503).
 */
export async function startPgbouncer({ port, target, poolSize = 20, queryWaitSeconds = 8 }) {
  const runDir = mkdtempSync(path.join(tmpdir(), 'toolhaus-pgbouncer-'));
  const template = readFileSync(path.join(projectRoot, 'deploy', 'pgbouncer.ini.template'), 'utf8');
  const values = {
    HOST: target.host ?? '127.0.0.1',
    PORT: String(target.port),
    LISTEN_PORT: String(port),
    RUN_DIR: runDir,
    POOL_SIZE: String(poolSize),
    QUERY_WAIT: String(queryWaitSeconds),
  };
  const ini = path.join(runDir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    template.replace(/\{\{(\w+)\}\}/g, (_, key) => values[key]),
  );
  writeFileSync(path.join(runDir, 'userlist.txt'), '"postgres" ""\n');
  if (isRoot) {
    const uid = postgresUid();
    for (const file of [runDir, ini, path.join(runDir, 'userlist.txt')]) chownSync(file, uid, 0);
  }
  const child = spawn(
    process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer',
    [...(isRoot ? ['-u', 'postgres'] : []), ini],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      const logged = (() => {
        try {
          return readFileSync(path.join(runDir, 'pgbouncer.log'), 'utf8');
        } catch {
          return '';
        }
      })();
      throw new Error(`PgBouncer did not start on ${port}:\n${stderr}${logged}`);
    }
    await sleep(100);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    log: path.join(runDir, 'pgbouncer.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
