import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/cluster.mjs';

export { freePort };

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ShopProcess {
  base: string;
  port: number;
  stop: () => Promise<void>;
}

/**
 * A second shop on the e2e build, with its own embedded database and the environment given here only at start
 * (the run-time settings a deployment sets: AUTH_URL and friends). Resolves once it answers.
 */
export async function startShop(env: Record<string, string | undefined>): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'second-shop-secret-0123456789-abcdefghijklmnopqrstuv',
    PAYMENTS: 'test',
    ...env,
  };
  for (const key of ['DATABASE_URL', 'PORT', ...Object.keys(env)]) {
    if (childEnv[key] === undefined) delete childEnv[key];
  }
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const child: ChildProcess = spawn(process.execPath, [next, 'start', '-p', String(port)], {
    cwd: root,
    env: childEnv,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/tools`)).ok) return { base, port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`The second shop did not answer on ${base}`);
}
