// `next start` as a child process: the one way the test servers and the specs that need a shop of their own (another
// environment, another database) start the production build.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { nextBin, projectRoot } from './build.mjs';

/**
 * Spawns `next start -p port` with exactly `env` (build: env.NEXT_DIST_DIR); `instance: true` spawns what
 * `npm start` runs instead, server/instance.mjs (the process that drains and decides the client's address).
 * @param {{ port: number | string, env: NodeJS.ProcessEnv, cwd?: string, stdio?: import('node:child_process').StdioOptions, detached?: boolean, instance?: boolean }} options
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnNextStart({
  port,
  env,
  cwd = projectRoot,
  stdio = 'ignore',
  detached = false,
  instance = false,
}) {
  const args = instance
    ? [path.join(projectRoot, 'server', 'instance.mjs')]
    : [nextBin, 'start', '-p', String(port)];
  return spawn(process.execPath, args, {
    cwd,
    env: instance ? { ...env, PORT: String(port) } : env,
    stdio,
    detached,
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @typedef {Awaited<ReturnType<typeof startNextServer>>} NextServer */

/**
 * Starts `next start` and resolves once `readyPath` answers 200. Output goes to `logFile` (appended) or is kept in
 * memory; `detached` gives the server its own process group, so that stop() ends the whole tree.
 * @param {{ port: number, env: NodeJS.ProcessEnv, cwd?: string, logFile?: string, detached?: boolean, host?: string, readyPath?: string, timeoutMs?: number, instance?: boolean }} options
 */
export async function startNextServer({
  port,
  env,
  cwd,
  logFile,
  detached = false,
  host = '127.0.0.1',
  readyPath = '/api/tools',
  timeoutMs = 90_000,
  instance = false,
}) {
  const captured = [];
  const fd = logFile ? openSync(logFile, 'a') : null;
  const child = spawnNextStart({
    port,
    env,
    cwd,
    detached,
    instance,
    stdio: fd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  });
  if (fd !== null) closeSync(fd);
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => captured.push(chunk.toString()));
  const output = (lines = 40) =>
    (logFile ? readFileSync(logFile, 'utf8') : captured.join(''))
      .split('\n')
      .slice(-lines)
      .join('\n');
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const signal = (name) => {
    try {
      if (detached) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (exited()) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  };
  const base = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`next start exited during start-up:\n${output()}`);
    const response = await fetch(`${base}${readyPath}`, {
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    if (response?.status === 200) return { base, port, process: child, output, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(
    `next start did not answer ${base}${readyPath} within ${timeoutMs / 1000} s:\n${output()}`,
  );
}
