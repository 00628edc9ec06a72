import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/cluster.mjs';
import { startNextServer, type NextServer } from '../../scripts/lib/next-server.mjs';

export { freePort };
export type { NextServer };

export interface ShopProcess {
  base: string;
  port: number;
  stop: () => Promise<void>;
}

/** The production build the specs' own servers serve: the e2e build unless NEXT_DIST_DIR names another. */
export const distDir = process.env.NEXT_DIST_DIR ?? '.next';

/**
 * `next start` (on a free port unless given) with this environment added to the runner's, minus the keys given as undefined
 * (and always minus DATABASE_URL and PORT unless given): the run-time settings a deployment sets.
 */
export async function startNext(
  env: Record<string, string | undefined>,
  options: {
    port?: number;
    logFile?: string;
    detached?: boolean;
    host?: string;
    timeoutMs?: number;
  } = {},
): Promise<NextServer> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: distDir,
    NEXT_MANUAL_SIG_HANDLE: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
    PAYMENTS: 'test',
    ...env,
  };
  for (const key of ['DATABASE_URL', 'PORT', ...Object.keys(env)]) {
    if (childEnv[key] === undefined) delete childEnv[key];
  }
  return startNextServer({ ...options, port: options.port ?? (await freePort()), env: childEnv });
}

/**
 * A second shop on the e2e build, with its own embedded database and the environment given here only at start
 * (the run-time settings a deployment sets: AUTH_URL and friends). Resolves once it answers.
 */
export async function startShop(env: Record<string, string | undefined>): Promise<ShopProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolhaus-e2e-'));
  try {
    const server = await startNext({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'second-shop-secret-0123456789-abcdefghijklmnopqrstuv',
      ...env,
    });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { base: server.base, port: server.port, stop };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
