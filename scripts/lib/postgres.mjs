// A private PostgreSQL cluster for `npm run cluster` and the cluster tests, when no DATABASE_URL is given: initdb in
// a temporary directory, a free port, trust authentication; as root through `su postgres` (the server refuses root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest PostgreSQL under /usr/lib/postgresql, or PG_BIN. */
export function postgresBin() {
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
export function pgCommand(bin, tool, args) {
  const executable = path.join(bin, tool);
  return isRoot
    ? ['su', ['postgres', '-s', '/bin/sh', '-c', [executable, ...args].map(quote).join(' ')]]
    : [executable, args];
}

function pgTool(bin, tool, args) {
  const [file, fileArgs] = pgCommand(bin, tool, args);
  return execFileSync(file, fileArgs, { encoding: 'utf8' });
}

/** Starts a private cluster on `port`; resolves to its connection string and a stop function. */
export function startPrivatePostgres(port) {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'toolhaus-pg-'));
  if (isRoot)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  const data = path.join(dir, 'data');
  pgTool(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const server = ['-D', data, '-l', path.join(dir, 'postgres.log')];
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`;
  const start = () => pgTool(bin, 'pg_ctl', [...server, '-o', options, '-w', '-t', '60', 'start']);
  const stop = (mode = 'fast') => pgTool(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => {
      stop();
      start();
    },
    stop: () => {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
