// Builds the shop when there is no build or the sources changed since (npm start, npm run cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');
export const nextBin = path.join(projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next');

// Everything `next build` reads from the project (node_modules changes with package-lock.json).
const sourceDirs = [
  'app',
  'components',
  'config',
  'lib',
  'public',
  'server',
  'types',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function newestChange(entry) {
  const full = path.join(projectRoot, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/**
 * `typeCheck: false` (npm start) leaves out next build's own type check: a person starting the shop waits for the
 * compile only, while `npm test` and `npm run typecheck` keep checking the types.
 */
export function buildIfStale({ typeCheck = true } = {}) {
  const buildMarker = path.join(projectRoot, '.next', 'BUILD_ID');
  const stale =
    !existsSync(buildMarker) ||
    sourceDirs.some((dir) => newestChange(dir) > statSync(buildMarker).mtimeMs);
  if (!stale) return;
  console.log('Building the shop (first start or changed sources)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: projectRoot,
    env: typeCheck ? process.env : { ...process.env, TOOLHAUS_BUILD_WITHOUT_TYPE_CHECK: '1' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
