// A private PostgreSQL cluster for `npm run cluster`, the cluster tests and the fault-tolerance spec, when no
// DATABASE_URL is given: initdb in a temporary directory, a free port, trust authentication; as root through
// `su postgres` (the server refuses root).
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest PostgreSQL under /usr/lib/postgresql, or PG_BIN. */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const version = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0]
    : undefined;
  if (!version)
    throw new Error('No PostgreSQL under /usr/lib/postgresql/*/bin: set PG_BIN or DATABASE_URL');
  return path.join(base, version, 'bin');
}

const quote = (value) => `'${String(value).replaceAll("'", `'\\''`)}'`;

/** [file, args] that run a PostgreSQL tool: as root through `su postgres`, since initdb and the server refuse root. */
function pgCommand(bin, tool, args) {
  const executable = path.join(bin, tool);
  return isRoot
    ? ['su', ['postgres', '-s', '/bin/sh', '-c', [executable, ...args].map(quote).join(' ')]]
    : [executable, args];
}

function pgTool(bin, tool, args) {
  const [file, fileArgs] = pgCommand(bin, tool, args);
  return execFileSync(file, fileArgs, { encoding: 'utf8' });
}

const runAsync = promisify(execFile);

/** @typedef {ReturnType<typeof startPrivatePostgres>} PrivatePostgres */

export const postgresUid = () =>
  Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));

/**
 * Starts a private cluster on `port`. restart() and stop() block; up() and down() do not, for a caller whose own
 * event loop keeps working meanwhile (the fault-tolerance spec places orders while PostgreSQL goes down).
 * With `replicaOf` (another private cluster) it is that cluster's streaming replica: a copy taken by pg_basebackup,
 * -R writing the standby's connection to the primary, so it serves reads and replays every change the primary makes.
 * @param {number} port
 * @param {{ replicaOf?: { port: number } }} [options]
 */
export function startPrivatePostgres(port, { replicaOf } = {}) {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'toolhaus-pg-'));
  if (isRoot) chownSync(dir, postgresUid(), 0);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  if (replicaOf) {
    pgTool(bin, 'pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(replicaOf.port), '-U', 'postgres'],
      ...['-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
  } else {
    pgTool(bin, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  }
  // -l: the server's output goes to a file, so pg_ctl returns instead of holding our pipes open.
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`;
  const startArgs = ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'];
  const stopArgs = (mode) => ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'];
  let running = false;
  const start = () => {
    pgTool(bin, 'pg_ctl', startArgs);
    running = true;
  };
  const halt = (mode = 'fast') => {
    pgTool(bin, 'pg_ctl', stopArgs(mode));
    running = false;
  };
  const pgCtl = async (args) => {
    const [file, fileArgs] = pgCommand(bin, 'pg_ctl', args);
    await runAsync(file, fileArgs, { timeout: 90_000 });
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    log,
    restart: () => {
      halt();
      start();
    },
    up: async () => {
      await pgCtl(startArgs);
      running = true;
    },
    down: async (mode = 'fast') => {
      await pgCtl(stopArgs(mode));
      running = false;
    },
    /** The postmaster and its children (backends, checkpointer…): the whole server, for SIGSTOP and SIGCONT. */
    pids: () => {
      const postmaster = Number(
        readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], {
        encoding: 'utf8',
      });
      return [
        postmaster,
        ...children
          .split('\n')
          .map(Number)
          .filter((pid) => pid > 0),
      ];
    },
    /** Idempotent and synchronous, so that a process 'exit' hook can call it. */
    stop: () => {
      try {
        if (running) halt('immediate');
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
